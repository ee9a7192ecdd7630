import { useEffect } from 'react';
import { localizedBrand } from '../shared/brand-basics.ts';
import type { Brand } from '../shared/brand.ts';
import { $language } from '../client/stores.ts';
import { TENANTS_JSON_LD_ID, serializeJsonLd, tenantJsonLd, type JsonLd } from './json-ld.ts';

/**
 * Keeps the building's JSON-LD on /brands naming the brands the directory shows as its tenants
 * (`containsPlace`). The list exists only at run time (GET /api/brands), so the page ships the building
 * without tenants and this fills them in, named in the page's language (Korean where none was given). A data block is not script: the page's CSP does not apply to it.
 */
export function useTenantsJsonLd(brands: Brand[] | undefined): void {
  useEffect(() => {
    const element = document.getElementById(TENANTS_JSON_LD_ID);
    if (!brands || !element?.textContent) return;
    const building = JSON.parse(element.textContent) as JsonLd;
    building.containsPlace = brands.map((brand) => tenantJsonLd(localizedBrand(brand, $language.get()), location.origin));
    element.textContent = serializeJsonLd(building);
  }, [brands]);
}
