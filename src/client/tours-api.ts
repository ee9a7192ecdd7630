import type { Tour } from '../shared/tours.ts';
import { apiRead, apiWrite } from './api.ts';

/** The calls of the tours tab and an inquiry's tours (README: the tours API). */
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
export const patchTour = (id: string, patch: Partial<TourInput>) => apiWrite<Tour>('PATCH', `/api/tours/${id}`, patch);
export const cancelTour = (id: string, reason: string) => apiWrite<Tour>('POST', `/api/tours/${id}/cancel`, { reason });
export const recordOutcome = (id: string, input: { outcome: 'completed' | 'no_show'; interest?: number; feedback?: string; nextStep?: string; nextStepOn?: string }) =>
  apiWrite<Tour>('POST', `/api/tours/${id}/outcome`, input);
export const readCalendarFeed = () => apiRead<{ url: string }>(['/api/admin/me/calendar-feed']);
export const rotateCalendarFeed = () => apiWrite<{ url: string }>('POST', '/api/admin/me/calendar-feed/rotate');
