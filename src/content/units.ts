import { loadContent } from './load.ts';
import { UnitsContentSchema, type UnitsContent } from './schemas/units.ts';

/** The available-spaces defaults from content/units.json, checked at build. */
export function loadUnitsContent(): UnitsContent {
  return loadContent('content/units.json', UnitsContentSchema);
}
