import { useMemo, type ReactNode } from 'react';
import type { Translate } from '~/i18n/translate';
import { isLocale } from '~/i18n/locales';
import { ApiError } from '~/client/api';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { useQuery } from '~/client/hooks/use-query';
import { showToast } from '~/client/stores';
import { createProposal, patchProposal } from '~/client/proposals/api';
import { askingOf, defaultValidUntil, draftFromTerms, formField, prefilledDraft, type DraftErrors, type DraftFields } from '~/client/proposals/draft-model';
import { DEAL_RATES_PATH, type DealSettings } from '~/client/proposals/deal-settings';
import type { ProposalFields } from '~/client/proposals/versions';
import type { DealTerms } from '~/shared/deals/terms';
import type { Unit } from '~/shared/units/unit';
import type { InquiryDetailWithFiles } from '~/client/inbox/api';
import type { Proposal } from '~/shared/proposals/types';
import DraftForm from './DraftForm';
import { refusalOf, useProposalWrite } from './use-proposal-write';

type Edit = { mode: 'new' } | { mode: 'edit' | 'next'; proposal: Proposal };

interface Props {
  edit: Edit;
  inquiry: InquiryDetailWithFiles;
  lang: string;
  t: Translate;
  onDone: () => void;
  onCancel: () => void;
}

/** A 400's messages by form field (`terms.rentPerM2Krw` is the rent's box); null for any other refusal. */
function fieldsOf(error: unknown): DraftErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.fields) return null;
  return Object.fromEntries(Object.entries(error.fields).map(([path, key]) => [formField(path), key]));
}

/**
 * The proposal form with what it needs: the spaces with their asking prices, the owner's rates and approval rules,
 * and where it saves — a new negotiation's version 1, a change of an unsent version (on the revision shown, with
 * the conflict dialog), or the next version of one the prospect saw (its parent kept).
 */
export default function ProposalEditor({ edit, inquiry, lang, t, onDone, onCancel }: Props) {
  const { data: units, error: unitsError } = useQuery<Unit[]>(['/api/units']);
  const { data: settings, error: settingsError } = useQuery<DealSettings>([DEAL_RATES_PATH]);
  const parent = edit.mode === 'new' ? null : edit.proposal;

  const initial = useMemo<DraftFields | null>(() => {
    if (!units || !settings) return null;
    if (edit.mode === 'new') {
      const unitIds = inquiry.unitId && units.some((unit) => unit.id === inquiry.unitId) ? [inquiry.unitId] : [];
      return prefilledDraft(askingOf(units, unitIds, settings), { unitIds, locale: isLocale(inquiry.locale) ? inquiry.locale : 'ko' });
    }
    const { proposal } = edit;
    return draftFromTerms(proposal.terms, {
      unitIds: proposal.unitIds,
      locale: proposal.locale,
      // The next version gets a fresh validity; an edit keeps the one it has.
      validUntil: edit.mode === 'next' ? defaultValidUntil() : proposal.validUntil,
    });
  }, [units, settings, edit, inquiry]);

  if (unitsError || settingsError) {
    endSessionIfUnauthorized(unitsError ?? settingsError);
    return <p role="alert" className="text-sm text-danger">{t('proposalPanel.section.loadFailed')}</p>;
  }
  if (!initial || !units || !settings) return <p className="text-sm text-muted">{t('proposalPanel.section.loading')}</p>;

  const create = async (fields: DraftFields, terms: DealTerms): Promise<DraftErrors | null> => {
    try {
      const saved = await createProposal(inquiry.id, {
        unitIds: fields.unitIds, terms, validUntil: fields.validUntil, locale: fields.locale as Proposal['locale'],
        ...(edit.mode === 'next' ? { parentId: edit.proposal.id } : {}),
      });
      showToast({ title: t('proposalPanel.toast.saved', { version: saved.version }) });
      onDone();
      return null;
    } catch (error) {
      if (endSessionIfUnauthorized(error)) return null;
      const fields = fieldsOf(error);
      if (!fields) showToast({ title: t('proposalPanel.toast.failed'), description: refusalOf(error, t), variant: 'destructive' });
      return fields;
    }
  };

  const title =
    edit.mode === 'new' ? t('proposalPanel.form.newTitle')
    : edit.mode === 'edit' ? t('proposalPanel.form.editTitle', { version: edit.proposal.version })
    : t('proposalPanel.form.nextTitle', { version: edit.proposal.version });
  const form = (onSave: (fields: DraftFields, terms: DealTerms) => Promise<DraftErrors | null>) => (
    <DraftForm
      units={units}
      rates={settings}
      approval={settings}
      initial={initial}
      frozenAsking={edit.mode === 'edit' ? edit.proposal.asking : null}
      title={title}
      note={edit.mode === 'edit' && edit.proposal.status !== 'draft' ? t('proposalPanel.form.editVoids') : edit.mode === 'next' ? t('proposalPanel.form.nextNote', { version: edit.proposal.version }) : undefined}
      saveLabel={edit.mode === 'edit' ? t('proposalPanel.actions.saveChanges') : t('proposalPanel.actions.saveDraft')}
      onSave={onSave}
      onCancel={onCancel}
      lang={lang}
      t={t}
    />
  );
  return edit.mode === 'edit' ? <EditForm proposal={edit.proposal} lang={lang} t={t} onDone={onDone} form={form} /> : form(create);
}

/** An unsent version changed in place, on the revision shown: a colleague's change meanwhile opens the conflict dialog. */
function EditForm({ proposal, lang, t, onDone, form }: {
  proposal: Proposal; lang: string; t: Translate; onDone: () => void;
  form: (onSave: (fields: DraftFields, terms: DealTerms) => Promise<DraftErrors | null>) => ReactNode;
}) {
  const { write, dialog } = useProposalWrite(proposal, lang, t, onDone);
  const save = async (fields: DraftFields, terms: DealTerms): Promise<DraftErrors | null> => {
    let refused: DraftErrors | null = null;
    const change: Partial<ProposalFields> = { unitIds: fields.unitIds, validUntil: fields.validUntil, locale: fields.locale as Proposal['locale'], ...terms };
    await write(
      change,
      async ({ status: _status, unitIds, validUntil, locale, ...merged }, revision) => {
        try {
          return await patchProposal(proposal.id, { unitIds, validUntil, locale, terms: merged as DealTerms }, revision);
        } catch (error) {
          refused = fieldsOf(error);
          throw error;
        }
      },
      (saved) => t('proposalPanel.toast.saved', { version: saved.version }),
      () => refused !== null,
    );
    return refused;
  };
  return (
    <>
      {dialog}
      {form(save)}
    </>
  );
}
