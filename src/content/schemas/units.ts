import * as v from 'valibot';

const Percent = v.pipe(v.number(), v.minValue(0), v.maxValue(100));

/** content/units.json: defaults of the available-spaces pages (the cost estimate's annual rate on the deposit). */
export const UnitsContentSchema = v.pipe(
  v.object({
    estimate: v.object({ annualRatePercent: Percent, minRatePercent: Percent, maxRatePercent: Percent }),
  }),
  v.forward(
    v.check(
      ({ estimate: e }) => e.minRatePercent <= e.annualRatePercent && e.annualRatePercent <= e.maxRatePercent,
      'annualRatePercent must lie between minRatePercent and maxRatePercent',
    ),
    ['estimate', 'annualRatePercent'],
  ),
);
export type UnitsContent = v.InferOutput<typeof UnitsContentSchema>;
