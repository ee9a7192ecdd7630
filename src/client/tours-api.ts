import type { Tour } from '../shared/tours.ts';
import { apiRead, apiWrite } from './api.ts';

/** The calls of the tours tab and an inquiry's tours (docs/api/tours.md). */
export type TourQuery = Partial<Record<'from' | 'to' | 'hostId' | 'status' | 'inquiryId', string>>;
export const readTours = (query: TourQuery) => apiRead<Tour[]>(['/api/tours', query]);
export interface TourInput {
  startsAt: string;
  durationMinutes: number;
  unitIds: string[];
  hostId?: string;
  meetingPoint?: string;
  messageToProspect?: string;
  internalNotes?: string;
  locale?: string;
  allowLeased?: boolean;
}
export const bookTour = (inquiryId: string, input: TourInput) => apiWrite<Tour>('POST', `/api/inquiries/${inquiryId}/tours`, input);
/** The tour's writes name the version they were based on (`version`, sent as If-Match): a stale one is 409 `conflict`. */
const at = (version: number | undefined) => (version === undefined ? {} : { version });
export const patchTour = (id: string, patch: Partial<TourInput>, version?: number) => apiWrite<Tour>('PATCH', `/api/tours/${id}`, patch, at(version));
export const cancelTour = (id: string, reason: string, version?: number) => apiWrite<Tour>('POST', `/api/tours/${id}/cancel`, { reason }, at(version));
export type TourOutcomeInput = { outcome: 'completed' | 'no_show'; interest?: number; feedback?: string; nextStep?: string; nextStepOn?: string };
export const recordOutcome = (id: string, input: TourOutcomeInput, version?: number) => apiWrite<Tour>('POST', `/api/tours/${id}/outcome`, input, at(version));
export const readCalendarFeed = () => apiRead<{ url: string }>(['/api/admin/me/calendar-feed']);
export const rotateCalendarFeed = () => apiWrite<{ url: string }>('POST', '/api/admin/me/calendar-feed/rotate');
