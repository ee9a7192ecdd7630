import type { Translate } from '~/i18n/translate';
import SecondFactorSection from './SecondFactorSection';
import PasskeyList from './PasskeyList';

/**
 * What a person without a second factor sees while the owner requires one: why, and the two ways to set
 * one up. Nothing else of the panel answers them until they have (403 `second_factor_setup_required`).
 */
export default function SecondFactorRequired({ t }: { t: Translate }) {
  return (
    <div className="mt-8 grid gap-8" data-testid="second-factor-required">
      <div role="alert" className="grid gap-2 rounded-xl border border-brass-strong bg-brass-soft p-4 text-ink">
        <h2 className="text-xl font-bold">{t('secondFactor.required.title')}</h2>
        <p className="text-sm">{t('secondFactor.required.body')}</p>
      </div>
      <div className="grid min-w-0 gap-10 lg:grid-cols-2">
        <SecondFactorSection t={t} />
        <PasskeyList t={t} />
      </div>
    </div>
  );
}
