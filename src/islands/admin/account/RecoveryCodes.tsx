import { useEffect, useRef } from 'react';
import type { Translate } from '~/i18n/translate';
import { showToast } from '~/client/stores';

interface Props {
  codes: string[];
  /** The account they belong to, named in the saved file and on the paper. */
  username: string;
  lang: string;
  onDone: () => void;
  t: Translate;
}

/** The class on <html> while the codes print: global.css then puts only them on the paper. */
const PRINTING = 'print-recovery-codes';

/**
 * Freshly made recovery codes, shown this once: to copy, save as a text file or print (only the codes reach the
 * paper), and then to say they are kept.
 */
export default function RecoveryCodes({ codes, username, lang, onDone, t }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const made = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short' }).format(new Date());
  const text = [
    t('secondFactor.recovery.fileTitle', { account: username }),
    t('secondFactor.recovery.fileMade', { at: made }),
    t('secondFactor.recovery.fileNote'),
    '',
    ...codes.map((code, i) => `${i + 1}. ${code}`),
    '',
  ].join('\n');

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      showToast({ title: t('secondFactor.recovery.copied') });
    } catch {
      showToast({ title: t('secondFactor.recovery.copyFailed'), variant: 'destructive' });
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: `btower-recovery-codes-${username}.txt` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }

  function print() {
    const root = document.documentElement;
    const done = () => {
      root.classList.remove(PRINTING);
      window.removeEventListener('afterprint', done);
    };
    root.classList.add(PRINTING);
    window.addEventListener('afterprint', done);
    window.print();
  }

  return (
    <div className="grid gap-3 rounded-lg border border-brass-strong p-4" data-testid="recovery-codes" data-print-codes>
      <h3 ref={heading} tabIndex={-1} className="font-semibold text-ink focus:outline-none">{t('secondFactor.recoveryTitle')}</h3>
      <p className="text-sm">{t('secondFactor.recoveryIntro')}</p>
      <p className="hidden text-sm print:block">{t('secondFactor.recovery.fileTitle', { account: username })} · {made}</p>
      <ol className="grid grid-cols-1 gap-1 font-mono text-sm sm:grid-cols-2">
        {codes.map((value) => <li key={value} data-testid="recovery-code">{value}</li>)}
      </ol>
      <div className="flex flex-wrap gap-2 print:hidden">
        <button type="button" className="btn min-h-11 border border-line text-ink hover:bg-mist" onClick={() => void copy()}>{t('secondFactor.recovery.copy')}</button>
        <button type="button" className="btn min-h-11 border border-line text-ink hover:bg-mist" onClick={download}>{t('secondFactor.recovery.download')}</button>
        <button type="button" className="btn min-h-11 border border-line text-ink hover:bg-mist" onClick={print}>{t('secondFactor.recovery.print')}</button>
      </div>
      <button type="button" className="btn min-h-11 justify-self-start bg-ink text-white print:hidden" onClick={onDone}>{t('secondFactor.recoveryDone')}</button>
    </div>
  );
}
