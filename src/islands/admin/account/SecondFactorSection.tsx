import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { Translate } from '~/i18n/translate';
import type { TotpSetup } from '~/shared/second-factor';
import { ApiError } from '~/client/api';
import { $me, endSessionIfUnauthorized, loadMe } from '~/client/admin-session';
import { LOCALE_TAGS } from '~/i18n/locales';
import { plural } from '~/i18n/plural';
import { confirmTotp, renewRecoveryCodes, startTotp, turnOffTotp } from '~/client/staff-api';
import { $language, showToast } from '~/client/stores';
import { lockoutText } from '~/client/retry-text';
import QrCode from './QrCode';
import RecoveryCodes from './RecoveryCodes';

/** Recovery codes left at which the panel says to make new ones. */
const FEW_RECOVERY_CODES = 3;

/**
 * "Two-step verification" in my account: connect an authenticator app (a QR code and the key as text, then
 * a first code before it is on), see the ten recovery codes once (to copy, save or print), how many are left,
 * make new ones or turn it off with a current code.
 */
export default function SecondFactorSection({ t }: { t: Translate }) {
  const me = useStore($me);
  const lang = useStore($language);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [renewing, setRenewing] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  /** What the code field says is wrong, in words. */
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  // The codes just made belong to an app that is on, even before "me" is read again (that waits for "kept":
  // reading it at once would take the set-up screen, and the codes with it, away on a required second factor).
  const factor = recoveryCodes ? 'totp' : me?.secondFactor ?? 'none';
  const left = me?.recoveryCodesLeft ?? 0;

  useEffect(() => {
    if (setup || renewing) codeInput.current?.focus();
  }, [setup, renewing]);

  function failed(err: unknown) {
    if (endSessionIfUnauthorized(err)) return;
    // Too many codes tried (the same limits as the sign-in's second step): how long to wait.
    if (err instanceof ApiError && err.status === 429) setError(lockoutText(t, err.retryAfter));
    else setError(t(err instanceof ApiError && err.code === 'invalid_code' ? 'secondFactor.errors.invalidCode' : err instanceof ApiError && err.fields ? Object.values(err.fields)[0]! : 'team.errors.unavailable'));
    codeInput.current?.focus();
  }

  async function begin() {
    setBusy(true);
    setError(null);
    try {
      setSetup(await startTotp());
    } catch (err) {
      if (!endSessionIfUnauthorized(err)) showToast({ title: t('team.errors.unavailable'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await confirmTotp(code.trim());
      setRecoveryCodes(answer.recoveryCodes);
      setSetup(null);
      setCode('');
      showToast({ title: t('secondFactor.turnedOn') });
      heading.current?.focus();
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  }

  async function renew(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await renewRecoveryCodes(code.trim());
      setRecoveryCodes(answer.recoveryCodes);
      setRenewing(false);
      setCode('');
      showToast({ title: t('secondFactor.recovery.renewed') });
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  }

  async function turnOff(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await turnOffTotp(code.trim());
      setCode('');
      showToast({ title: t('secondFactor.turnedOff') });
      await loadMe();
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  }

  const codeField = (label: string, id: string, numeric: boolean) => (
    <label className="grid gap-1 text-sm">
      <span className="font-semibold">{label}</span>
      <input
        id={id}
        ref={codeInput}
        type="text"
        autoComplete="one-time-code"
        inputMode={numeric ? 'numeric' : 'text'}
        autoCapitalize="none"
        spellCheck={false}
        required
        value={code}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setCode(e.target.value);
          setError(null);
        }}
        className="min-h-11 max-w-xs rounded-md border border-muted px-3 text-base tracking-widest"
      />
      {error && <span id={`${id}-error`} role="alert" className="text-danger">{error}</span>}
    </label>
  );

  return (
    <section aria-labelledby="second-factor-title" className="grid content-start gap-3" data-testid="second-factor">
      <h2 id="second-factor-title" ref={heading} tabIndex={-1} className="text-xl font-bold text-ink focus:outline-none">{t('secondFactor.title')}</h2>
      <p className="text-sm text-muted">{t('secondFactor.description')}</p>
      <p className="text-sm font-semibold text-ink" data-testid="second-factor-status">{t('secondFactor.statusLabel', { status: t(`secondFactor.status.${factor}`) })}</p>

      {recoveryCodes && (
        <RecoveryCodes
          codes={recoveryCodes}
          username={me?.username ?? ''}
          lang={LOCALE_TAGS[lang]}
          t={t}
          onDone={() => {
            setRecoveryCodes(null);
            void loadMe();
          }}
        />
      )}

      {!recoveryCodes && factor === 'totp' && (
        <p className={`text-sm ${left <= FEW_RECOVERY_CODES ? 'font-semibold text-danger' : 'text-ink'}`} data-testid="recovery-codes-left">
          {plural(t, LOCALE_TAGS[lang], 'secondFactor.recovery.left', left)}
          {left <= FEW_RECOVERY_CODES && ` ${t('secondFactor.recovery.fewLeft')}`}
        </p>
      )}

      {!recoveryCodes && factor !== 'totp' && !setup && (
        <>
          <p className="text-sm text-muted">{t('secondFactor.passkeyCounts')}</p>
          <button type="button" disabled={busy} className="btn min-h-11 justify-self-start bg-ink text-white disabled:opacity-60" onClick={() => void begin()}>{t('secondFactor.start')}</button>
        </>
      )}

      {setup && (
        <form onSubmit={(e) => void confirm(e)} noValidate className="grid gap-3">
          <p className="text-sm">{t('secondFactor.scan')}</p>
          <QrCode text={setup.otpauthUrl} label={t('secondFactor.qrLabel')} />
          <p className="grid gap-1 text-sm">
            <span className="font-semibold">{t('secondFactor.keyLabel')}</span>
            <code className="break-all rounded-md bg-mist p-2 font-mono text-base" data-testid="totp-secret">{setup.secret.match(/.{1,4}/g)?.join(' ')}</code>
          </p>
          {codeField(t('secondFactor.firstCode'), 'totp-first-code', true)}
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={busy || !code.trim()} className="btn min-h-11 bg-ink text-white disabled:opacity-60">{t('secondFactor.confirm')}</button>
            <button type="button" className="btn min-h-11 border border-line" onClick={() => { setSetup(null); setCode(''); setError(null); }}>{t('secondFactor.cancel')}</button>
          </div>
        </form>
      )}

      {!recoveryCodes && factor === 'totp' && renewing && (
        <form onSubmit={(e) => void renew(e)} noValidate className="grid gap-3" aria-labelledby="recovery-renew-title" data-testid="recovery-renew">
          <h3 id="recovery-renew-title" className="font-semibold text-ink">{t('secondFactor.recovery.renewTitle')}</h3>
          <p className="text-sm">{t('secondFactor.recovery.renewIntro')}</p>
          {codeField(t('secondFactor.turnOffCode'), 'recovery-renew-code', false)}
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={busy || !code.trim()} className="btn min-h-11 bg-ink text-white disabled:opacity-60">{t('secondFactor.recovery.renew')}</button>
            <button type="button" className="btn min-h-11 border border-line" onClick={() => { setRenewing(false); setCode(''); setError(null); }}>{t('secondFactor.cancel')}</button>
          </div>
        </form>
      )}

      {!recoveryCodes && factor === 'totp' && !renewing && (
        <>
          <button type="button" className="btn min-h-11 justify-self-start border border-ink text-ink" onClick={() => { setRenewing(true); setCode(''); setError(null); }}>{t('secondFactor.recovery.renewStart')}</button>
          <form onSubmit={(e) => void turnOff(e)} noValidate className="grid gap-3">
            {codeField(t('secondFactor.turnOffCode'), 'totp-off-code', false)}
            <button type="submit" disabled={busy || !code.trim()} className="btn min-h-11 justify-self-start border border-danger text-danger disabled:opacity-60">{t('secondFactor.turnOff')}</button>
          </form>
        </>
      )}
    </section>
  );
}
