import { describe, expect, it } from 'vitest';
import { parseContent } from '~/content/validate';
import { BuildingSchema } from '~/content/schemas/building';
import building from '../../content/building.json';

const FILE = 'content/building.json';

describe('content/building.json', () => {
  it('holds the facts of spec §9', () => {
    const facts = parseContent(FILE, BuildingSchema, building);
    expect(facts.areas).toEqual({ totalFloorM2: 9427.83, siteM2: 1232.9, buildingM2: 733.57 });
    expect(facts.floors).toEqual({ basement: 2, above: 14 });
    expect(facts.parking).toEqual({ total: 88, mechanical: 84 });
    expect(facts.elevators).toEqual({ passenger: 3, emergency: 1 });
    expect(facts.completion).toBe('2026-04');
    expect(facts.leasing.minOperatingYears).toBe(3);
  });

  it('rejects a mistyped figure, naming the file and the field', () => {
    const broken = structuredClone(building) as Record<string, any>;
    broken.parking.total = '88 spaces';
    expect(() => parseContent(FILE, BuildingSchema, broken)).toThrow(/content\/building\.json: parking\.total/);
  });

  it('rejects a malformed video id and an impossible parking split', () => {
    const badVideo = structuredClone(building) as Record<string, any>;
    badVideo.videos.hero = 'https://youtu.be/x';
    expect(() => parseContent(FILE, BuildingSchema, badVideo)).toThrow(/videos\.hero: must be an 11-character YouTube video id/);
    const badSplit = structuredClone(building) as Record<string, any>;
    badSplit.parking.mechanical = 90;
    expect(() => parseContent(FILE, BuildingSchema, badSplit)).toThrow(/mechanical cannot exceed/);
  });
});
