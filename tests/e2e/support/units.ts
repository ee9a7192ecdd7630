import { expect, type APIRequestContext } from '@playwright/test';
import type { Unit, UnitInput } from '../../../src/shared/units/unit.ts';
import { apiToken } from './islands.ts';

/** A unit number no other test (or parallel project) uses: at most 20 characters. */
export function uniqueUnitNumber(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
}

/** Stores an available unit with public prices through the API, as the admin form would; `fields` override. */
export async function createUnit(request: APIRequestContext, fields: Partial<UnitInput>): Promise<Unit> {
  const token = await apiToken(request);
  const body: Partial<UnitInput> = {
    floor: '5F', unitNumber: uniqueUnitNumber('E'), exclusiveAreaM2: 100, supplyAreaM2: 150, uses: ['Medical'], status: 'available',
    availableFrom: null, monthlyRent: 3_000_000, deposit: 30_000_000, maintenanceFee: 600_000, pricePublic: true, plan: null, note: {},
    ...fields,
  };
  const response = await request.post('/api/units', { headers: { Authorization: `Bearer ${token}` }, data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Unit;
}
