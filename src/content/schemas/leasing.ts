import * as v from 'valibot';
import { LongText, Markdown, Text } from './shared.ts';

/** The leasing process always has six steps, each with a fixed icon by position (spec §2 Contact). */
export const LEASING_STEP_COUNT = 6;

const Step = v.object({
  label: Text,
  title: Text,
  description: LongText,
});

/** content/leasing/{locale}.json: the leasing guide of the contact page in one language. */
export const LeasingTextSchema = v.object({
  guide: v.object({ title: Text, description: Markdown }),
  documents: v.object({ title: Text, items: v.pipe(v.array(Text), v.minLength(1)) }),
  process: v.object({ title: Text, steps: v.pipe(v.array(Step), v.length(LEASING_STEP_COUNT)) }),
  rule: v.object({ title: Text, text: LongText, foreignNote: LongText }),
});

export type LeasingText = v.InferOutput<typeof LeasingTextSchema>;
