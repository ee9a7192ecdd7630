import { lazy, type ComponentType } from 'react';
import type { InquirySectionProps } from './section';
import PipelineSection from './pipeline/PipelineSection';
import ContactSection from './contact/ContactSection';
import PrivacySection from './privacy/PrivacySection';
import ToursSection from './tours/ToursSection';
import HistorySection from './history/HistorySection';

export interface InquirySection {
  /** The section's folder (its subject), also its key. */
  subject: string;
  Section: ComponentType<InquirySectionProps>;
}

/**
 * The inquiry's detail, subject by subject, in the order shown. A new subject is a folder beside these and one line
 * here; a large one may come on first use (`lazy(() => import(…))`): the detail waits for it in its own boundary.
 */
export const INQUIRY_SECTIONS: readonly InquirySection[] = [
  { subject: 'pipeline', Section: PipelineSection },
  { subject: 'contact', Section: ContactSection },
  { subject: 'privacy', Section: PrivacySection },
  { subject: 'tours', Section: ToursSection },
  // Its form and economics come when an inquiry is first opened, not with the inbox (/admin's first load).
  { subject: 'proposals', Section: lazy(() => import('./proposals/ProposalsSection')) },
  // The won deal's lease: its form, schedule and signing come on first use too.
  { subject: 'lease', Section: lazy(() => import('./lease/LeaseSection')) },
  { subject: 'history', Section: HistorySection },
];
