import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { LOCALE_TAGS, type Locale } from '~/i18n/locales';
import type { Translate } from '~/i18n/translate';
import { AUDIT_ENTITIES, AUDIT_KINDS, type AuditEvent } from '~/shared/audit';
import type { AccessRecord } from '~/shared/access';
import AccessRecordItem from './AccessRecordItem';
import AccessReviews from './AccessReviews';
import { describeEvent } from '~/shared/audit-format';
import DateRangeFields from '../DateRangeFields';
import type { StaffUser } from '~/shared/staff';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { downloadAuditCsv, readAuditPage, type AuditFilters } from '~/client/staff-api';
import { $language, showToast } from '~/client/stores';
import { useQuery } from '~/client/hooks/use-query';

const input = 'min-h-11 rounded-lg border border-line bg-white px-3 text-sm';

/**
 * "활동 기록" (owner): who did what, when and from where — every write, sign-in, export and signed link,
 * newest first; filter by person, kind of record and days; more pages on request; the same as CSV.
 */
export default function AuditTab({ t }: { t: Translate }) {
  const lang = useStore($language);
  const people = useQuery<StaffUser[]>(['/api/admin/users']);
  const [filters, setFilters] = useState<AuditFilters>({});
  const [items, setItems] = useState<(AuditEvent | AccessRecord)[] | null>(null);
  const [reload, setReload] = useState(0);
  const [next, setNext] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const format = new Intl.DateTimeFormat(LOCALE_TAGS[lang], { dateStyle: 'medium', timeStyle: 'medium' });
  const key = JSON.stringify(filters);

  useEffect(() => {
    let live = true;
    setItems(null);
    setFailed(false);
    readAuditPage(filters).then(
      (page) => {
        if (!live) return;
        setItems(page.items);
        setNext(page.next);
      },
      (error: unknown) => live && !endSessionIfUnauthorized(error) && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [key, reload]);

  async function more() {
    if (!next) return;
    try {
      const page = await readAuditPage(filters, next);
      setItems((current) => [...(current ?? []), ...page.items]);
      setNext(page.next);
    } catch (error) {
      if (!endSessionIfUnauthorized(error)) setFailed(true);
    }
  }

  async function exportCsv() {
    try {
      await downloadAuditCsv(filters, lang);
    } catch (error) {
      if (!endSessionIfUnauthorized(error)) showToast({ title: t('inbox.exportFailed'), variant: 'destructive' });
    }
  }

  const set = (name: keyof AuditFilters, value: string) => setFilters((current) => ({ ...current, [name]: value || undefined }));
  // Access records have no "kind of record" (entity): choosing views or downloads sets it aside.
  const setKind = (value: string) => setFilters((current) => ({ ...current, kind: value || undefined, entity: value ? undefined : current.entity }));
  return (
    <div className="grid min-w-0 gap-6">
      <AccessReviews t={t} format={format} onMarked={() => setReload((n) => n + 1)} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid flex-1 gap-2 sm:grid-cols-5">
          <label className="grid gap-1 text-sm">
            <span className="font-semibold">{t('access.filter.label')}</span>
            <select value={filters.kind ?? ''} onChange={(e) => setKind(e.target.value)} className={input} data-testid="audit-kind">
              <option value="">{t('access.filter.writes')}</option>
              {AUDIT_KINDS.map((kind) => <option key={kind} value={kind}>{t(`access.filter.${kind}`)}</option>)}
            </select>
          </label>
          <label className="grid gap-1 text-sm">
            <span className="font-semibold">{t('team.audit.person')}</span>
            <select value={filters.actor ?? ''} onChange={(e) => set('actor', e.target.value)} className={input}>
              <option value="">{t('team.audit.everyone')}</option>
              {people.data?.map((person) => <option key={person.id} value={person.id}>{person.name} (@{person.username})</option>)}
            </select>
          </label>
          <label className="grid gap-1 text-sm">
            <span className="font-semibold">{t('team.audit.entity')}</span>
            <select value={filters.entity ?? ''} onChange={(e) => set('entity', e.target.value)} className={input} disabled={Boolean(filters.kind)}>
              <option value="">{t('team.audit.everything')}</option>
              {AUDIT_ENTITIES.map((entity) => <option key={entity} value={entity}>{t(`team.audit.entities.${entity}`)}</option>)}
            </select>
          </label>
          <DateRangeFields from={filters.from} to={filters.to} onChange={set} t={t} />
        </div>
        <button type="button" className="btn min-h-11 border border-line text-ink hover:bg-mist" onClick={() => void exportCsv()}>{t('inbox.export')}</button>
      </div>
      {failed && <p role="alert" className="text-danger">{t('team.loadFailed')}</p>}
      {!items && !failed && <p className="text-muted">{t('team.loading')}</p>}
      {items && items.length === 0 && <p className="text-muted">{t('team.audit.empty')}</p>}
      {items && items.length > 0 && (
        <ol className="grid gap-2" data-testid="audit-list" aria-label={t('team.tabs.activity')}>
          {items.map((item) =>
            'inquiryIds' in item ? (
              <AccessRecordItem key={item.id} record={item} when={format.format(new Date(item.at))} tag={LOCALE_TAGS[lang]} t={t} />
            ) : (
              <AuditEventItem key={item.id} event={item} when={format.format(new Date(item.at))} lang={lang} t={t} />
            ),
          )}
        </ol>
      )}
      {next && <button type="button" className="btn min-h-11 w-full border border-line text-ink hover:bg-mist" onClick={() => void more()}>{t('inbox.more')}</button>}
    </div>
  );
}

/**
 * One write, sign-in or event of the log: who, what (the record by its name, linked while it exists), the
 * fields it changed in the panel's language, from where. A creation shows the values it set, a deletion the
 * values it removed; a change both sides.
 */
function AuditEventItem({ event, when, lang, t }: { event: AuditEvent; when: string; lang: Locale; t: Translate }) {
  const { headline, subject, changes } = describeEvent(event, t, lang);
  return (
    <li data-testid="audit-event" className="grid gap-1 rounded-xl border border-line p-3 text-sm sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
      <span className="text-muted">{when}</span>
      <span className="grid min-w-0 gap-1">
        <span className="break-words text-ink">
          <strong>{event.actor?.name ?? t('team.audit.system')}</strong>{' '}
          <span data-testid="audit-headline">{headline}</span>
          {subject && (
            <>
              {' '}
              {subject.href ? (
                <a href={subject.href} className="text-brass-strong underline" data-testid="audit-subject">{subject.text}</a>
              ) : (
                <span className="text-ink" data-testid="audit-subject">{subject.text}</span>
              )}
            </>
          )}
        </span>
        {changes.length > 0 && (
          <ul className="grid gap-0.5 text-muted" aria-label={t('activity.changes')}>
            {changes.map((change) => (
              <li key={change.field} className="break-words" data-testid="audit-change" data-field={change.field}>
                <span className="font-semibold text-ink-soft">{change.label}</span>:{' '}
                {change.text}
              </li>
            ))}
          </ul>
        )}
        {event.address && <span className="text-xs text-muted">{t('team.audit.from', { address: event.address })}</span>}
      </span>
    </li>
  );
}
