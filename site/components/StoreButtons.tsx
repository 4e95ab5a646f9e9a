/** @jsxImportSource preact */
import { ANDROID_STORE_URL } from '../company';
import { useMessages } from '../i18n';
import { Icon } from './Icon';

/** "Get on Android" (the Play Store listing) and "Download for iOS", which has no store listing yet. */
export function StoreButtons() {
  const t = useMessages();
  return (
    <div class="store-buttons">
      <a class="btn btn-primary btn-lg" href={ANDROID_STORE_URL}>
        <Icon name="play" />
        {t.store.android}
      </a>
      <button type="button" class="btn btn-outline btn-lg" disabled title={t.store.iosUnavailable}>
        <Icon name="smartphone" />
        <span>{t.store.ios}</span>
        <span class="badge">{t.store.comingSoon}</span>
      </button>
    </div>
  );
}
