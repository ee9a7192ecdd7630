import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { LOCALE_TAGS } from '~/i18n/locales';
import type { Translate } from '~/i18n/translate';
import { ROLES, type Role } from '~/shared/roles';
import type { PendingInvitation, StaffUser } from '~/shared/staff';
import { ApiError } from '~/client/api';
import { $me, endSessionIfUnauthorized } from '~/client/admin-session';
import { patchUser, resendInvitation, resetSecondFactor, revokeInvitation } from '~/client/staff-api';
import { $language, showToast } from '~/client/stores';
import { useQuery } from '~/client/hooks/use-query';
import InviteForm from './InviteForm';
import SettingsForm from './SettingsForm';
import { saveVersioned } from '~/client/conflict';
import { useConflictDialog } from '../ConflictDialog';
import ConfirmDialog from '../ConfirmDialog';
import { readCounts } from '~/client/inbox/api';
import { plural } from '~/i18n/plural';

/** A change that asks first (issue 28): it signs the person out and, but for owner, hands their inquiries back. */
type Asked = 'owner' | 'viewer' | 'deactivate';
interface Asking {
  user: StaffUser;
  patch: { role?: Role; active?: boolean };
  kind: Asked;
  /** Their open inquiries (not won or lost), once counted; null while counting or when the count failed. */
  open: number | null;
}

/** Which confirmation a change needs, or null for one that takes nothing away (agent, reactivation). */
function askedFor(user: StaffUser, patch: { role?: Role; active?: boolean }): Asked | null {
  if (patch.active === false) return 'deactivate';
  if (patch.role === 'owner' && user.role !== 'owner') return 'owner';
  if (patch.role === 'viewer' && user.role !== 'viewer') return 'viewer';
  return null;
}

/** What the team list changes on a person, as the conflict dialog compares it (decision 033). */
const USER_FIELDS = ['name', 'role', 'active'] as const;
type UserFields = Pick<StaffUser, (typeof USER_FIELDS)[number]>;
const userFields = (user: UserFields): UserFields => ({ name: user.name, role: user.role, active: user.active });

const select = 'min-h-11 rounded-md border border-muted bg-white px-2 text-sm';

/** The team (owner): everyone with their role and state, invitations on their way, the reminder setting. */
export default function TeamTab({ t }: { t: Translate }) {
  const lang = useStore($language);
  const me = useStore($me);
  const users = useQuery<StaffUser[]>(['/api/admin/users']);
  const invitations = useQuery<PendingInvitation[]>(['/api/admin/invitations']);
  const [busy, setBusy] = useState<string | null>(null);
  const { ask, dialog } = useConflictDialog(t, 'user', (field, value) => (field === 'role' ? t(`team.roles.${String(value)}`) : null));
  const [asking, setAsking] = useState<Asking | null>(null);
  const [revoking, setRevoking] = useState<PendingInvitation | null>(null);
  /** The person whose second factor the owner is asked to reset. */
  const [resetting, setResetting] = useState<StaffUser | null>(null);
  /** The new link of a resent invitation when no mail is set up, for the owner to pass on. */
  const [resentLink, setResentLink] = useState<{ id: string; link: string } | null>(null);

  /** A role to owner or viewer, or a deactivation, asks first, naming the person and their open inquiries. */
  function request(user: StaffUser, patch: { role?: Role; active?: boolean }) {
    const kind = askedFor(user, patch);
    if (!kind) return void change(user, patch);
    setAsking({ user, patch, kind, open: null });
    readCounts({ assignee: user.id }).then(
      (counts) => setAsking((now) => (now?.user.id === user.id ? { ...now, open: counts.all - counts.won - counts.lost } : now)),
      () => undefined,
    );
  }
  const inquiriesOf = (open: number | null) => (open === null ? t('teamChanges.openInquiriesUnknown') : plural(t, LOCALE_TAGS[lang], 'teamChanges.openInquiries', open));
  useEffect(() => {
    const error = users.error ?? invitations.error;
    if (error) endSessionIfUnauthorized(error);
  }, [users.error, invitations.error]);
  const format = new Intl.DateTimeFormat(LOCALE_TAGS[lang], { dateStyle: 'medium', timeStyle: 'short' });

  async function change(user: StaffUser, patch: { role?: Role; active?: boolean }) {
    setBusy(user.id);
    try {
      // Based on the row as read: a change someone saved meanwhile opens the conflict dialog, not an overwrite.
      const base = userFields(user);
      const mine = { ...base, ...patch };
      const outcome = await saveVersioned({
        base,
        mine,
        version: user.version,
        fields: USER_FIELDS,
        project: (stored) => userFields(stored as unknown as StaffUser),
        send: (value, version, from) => {
          const next = value === mine ? patch : Object.fromEntries(USER_FIELDS.filter((field) => value[field] !== from[field]).map((field) => [field, value[field]]));
          return patchUser(user.id, next, version);
        },
        ask,
      });
      if (outcome.kind === 'took') showToast({ title: t('conflict.took') });
      if (outcome.kind !== 'saved') return;
      showToast({ title: t(patch.active === false ? 'team.users.deactivated' : patch.active ? 'teamChanges.reactivated' : 'team.users.roleChanged', { name: user.name }) });
    } catch (error) {
      if (!endSessionIfUnauthorized(error)) {
        const key = error instanceof ApiError ? Object.values(error.fields ?? {})[0] : undefined;
        showToast({ title: t('team.users.changeFailed'), description: key ? t(key) : undefined, variant: 'destructive' });
      }
    } finally {
      setBusy(null);
      users.refetch();
    }
  }

  /** A lost phone: after the owner confirms (in the app's dialog), the person's TOTP, recovery codes and passkeys go (recorded). */
  async function resetFactor(user: StaffUser) {
    setBusy(user.id);
    try {
      await resetSecondFactor(user.id);
      showToast({ title: t('secondFactor.team.resetDone', { name: user.name }) });
    } catch (error) {
      if (!endSessionIfUnauthorized(error)) showToast({ title: t('team.users.changeFailed'), variant: 'destructive' });
    } finally {
      setBusy(null);
      users.refetch();
    }
  }

  /** A new link with a fresh expiry (the old one stops working), mailed again or handed to the owner. */
  async function resend(invitation: PendingInvitation) {
    setBusy(invitation.id);
    setResentLink(null);
    try {
      const result = await resendInvitation(invitation.id);
      showToast({ title: t(result.mail === 'queued' ? 'team.invite.resent' : 'team.invite.resentMailOff', { email: invitation.email }) });
      if (result.link) setResentLink({ id: result.invitation.id, link: result.link });
    } catch (error) {
      if (!endSessionIfUnauthorized(error)) showToast({ title: t('team.invite.actionFailed'), variant: 'destructive' });
    } finally {
      setBusy(null);
      invitations.refetch();
    }
  }

  /** After the owner confirms: the link stops working. */
  async function revoke(invitation: PendingInvitation) {
    setBusy(invitation.id);
    try {
      await revokeInvitation(invitation.id);
      showToast({ title: t('team.invite.revoked', { name: invitation.name }) });
    } catch (error) {
      if (!endSessionIfUnauthorized(error)) showToast({ title: t('team.invite.actionFailed'), variant: 'destructive' });
    } finally {
      setBusy(null);
      invitations.refetch();
    }
  }

  return (
    <div className="grid min-w-0 gap-10">
      {dialog}
      {asking && (
        <ConfirmDialog
          testId="team-confirm"
          title={t(`teamChanges.${asking.kind}Title`, { name: asking.user.name })}
          confirmLabel={t(`teamChanges.${asking.kind}Confirm`)}
          cancelLabel={t('teamChanges.cancel')}
          danger={asking.kind !== 'owner'}
          onConfirm={() => {
            setAsking(null);
            void change(asking.user, asking.patch);
          }}
          onCancel={() => setAsking(null)}
        >
          <p>{t(`teamChanges.${asking.kind}Body`, { name: asking.user.name, inquiries: inquiriesOf(asking.open) })}</p>
        </ConfirmDialog>
      )}
      {revoking && (
        <ConfirmDialog
          testId="invitation-confirm"
          title={t('team.invite.revokeTitle', { name: revoking.name })}
          confirmLabel={t('team.invite.revokeConfirm')}
          cancelLabel={t('team.invite.revokeKeep')}
          danger
          onConfirm={() => {
            setRevoking(null);
            void revoke(revoking);
          }}
          onCancel={() => setRevoking(null)}
        >
          <p>{t('team.invite.revokeBody', { email: revoking.email })}</p>
        </ConfirmDialog>
      )}
      {resetting && (
        <ConfirmDialog
          testId="factor-reset-confirm"
          title={t('secondFactor.team.resetNamed', { name: resetting.name })}
          confirmLabel={t('secondFactor.team.reset')}
          cancelLabel={t('teamChanges.cancel')}
          danger
          onConfirm={() => {
            setResetting(null);
            void resetFactor(resetting);
          }}
          onCancel={() => setResetting(null)}
        >
          <p>{t('secondFactor.team.resetConfirm', { name: resetting.name })}</p>
        </ConfirmDialog>
      )}
      <section aria-labelledby="team-title" className="min-w-0">
        <h2 id="team-title" className="text-xl font-bold text-ink">{t('team.users.title')}</h2>
        {users.error && <p role="alert" className="mt-3 text-danger">{t('team.loadFailed')}</p>}
        {!users.data && !users.error && <p className="mt-3 text-muted">{t('team.loading')}</p>}
        {users.data && (
          <ul className="mt-3 grid gap-2" data-testid="team-list">
            {users.data.map((user) => (
              <li key={user.id} data-testid="team-member" className={`grid gap-2 rounded-xl border border-line p-4 text-sm sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-center ${user.active ? '' : 'bg-mist'}`}>
                <span className="grid min-w-0 gap-0.5">
                  <span className="font-semibold break-words text-ink">
                    {user.name} <span className="font-normal text-muted">@{user.username}</span>
                    {!user.active && <span className="ml-2 rounded bg-white px-2 py-0.5 text-xs text-ink">{t('team.users.inactive')}</span>}
                  </span>
                  <span className="break-all text-muted">{user.email ?? t('team.users.noEmail')}</span>
                  <span className="text-xs text-muted">{user.lastSignInAt ? t('team.users.lastSignIn', { at: format.format(new Date(user.lastSignInAt)) }) : t('team.users.neverSignedIn')}</span>
                  {user.secondFactor && <span className="text-xs text-muted" data-testid="member-factor">{t('secondFactor.team.factor', { status: t(`secondFactor.status.${user.secondFactor}`) })}</span>}
                  {user.id !== me?.id && user.secondFactor && user.secondFactor !== 'none' && (
                    <button type="button" disabled={busy === user.id} onClick={() => setResetting(user)} aria-label={t('secondFactor.team.resetNamed', { name: user.name })} className="min-h-11 justify-self-start text-xs text-danger underline">
                      {t('secondFactor.team.reset')}
                    </button>
                  )}
                </span>
                <label className="grid gap-1">
                  <span className="sr-only">{t('team.users.roleOf', { name: user.name })}</span>
                  <select
                    value={user.role}
                    disabled={busy === user.id || !user.active}
                    onChange={(e) => request(user, { role: e.target.value as Role })}
                    className={select}
                  >
                    {ROLES.map((role) => <option key={role} value={role}>{t(`team.roles.${role}`)}</option>)}
                  </select>
                </label>
                {user.id !== me?.id && (
                  <button
                    type="button"
                    disabled={busy === user.id}
                    onClick={() => request(user, { active: !user.active })}
                    className={`btn min-h-11 border text-sm ${user.active ? 'border-danger text-danger' : 'border-line text-ink'} hover:bg-mist`}
                  >
                    {t(user.active ? 'team.users.deactivate' : 'team.users.reactivate', { name: user.name })}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <InviteForm t={t} onInvited={() => invitations.refetch()} />
      {invitations.data && invitations.data.length > 0 && (
        <section aria-labelledby="invitations-title">
          <h2 id="invitations-title" className="text-xl font-bold text-ink">{t('team.invite.pending')}</h2>
          <ul className="mt-3 grid gap-2 text-sm">
            {invitations.data.map((invitation) => (
              <li key={invitation.id} data-testid="pending-invitation" className="grid gap-2 rounded-lg border border-line p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
                <span className="min-w-0 break-words">
                  <span className="font-semibold text-ink">{invitation.name}</span> · <span className="break-all">{invitation.email}</span> · {t(`team.roles.${invitation.role}`)} ·{' '}
                  <span className="text-muted">{t('team.invite.expires', { at: format.format(new Date(invitation.expiresAt)) })}</span>
                </span>
                <span className="flex flex-wrap gap-2">
                  <button type="button" disabled={busy === invitation.id} onClick={() => void resend(invitation)} aria-label={t('team.invite.resendNamed', { name: invitation.name })} className="btn min-h-11 border border-line text-sm text-ink hover:bg-mist">
                    {t('team.invite.resend')}
                  </button>
                  <button type="button" disabled={busy === invitation.id} onClick={() => setRevoking(invitation)} aria-label={t('team.invite.revokeNamed', { name: invitation.name })} className="btn min-h-11 border border-danger text-sm text-danger hover:bg-mist">
                    {t('team.invite.revoke')}
                  </button>
                </span>
                {resentLink?.id === invitation.id && (
                  <p className="grid gap-1 text-sm sm:col-span-2">
                    <span>{t('team.invite.passOn')}</span>
                    <code className="break-all" data-testid="resent-invitation-link">{resentLink.link}</code>
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <SettingsForm t={t} />
    </div>
  );
}
