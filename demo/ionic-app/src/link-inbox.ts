/**
 * Where the app receives verification links: the deep link that opened it or reaches it while it
 * runs (`@capacitor/app`'s launch URL and `appUrlOpen`, inside a native app), or, in the web
 * build, the page's own address (served at `…/v/{linkId}`) or a `?link=` parameter.
 */
import { Capacitor } from '@capacitor/core';
import { parseVerificationLink } from '@idv/capacitor';

/** Calls `onLink` with every verification link the app receives, now and later. */
export async function receiveLinks(onLink: (url: string) => void): Promise<void> {
  const accept = (url: string | undefined): void => {
    if (url && parseVerificationLink(url)) onLink(url);
  };
  if (Capacitor.isNativePlatform()) {
    const { App } = await import('@capacitor/app');
    await App.addListener('appUrlOpen', ({ url }) => accept(url));
    accept((await App.getLaunchUrl())?.url);
    return;
  }
  accept(new URLSearchParams(location.search).get('link') ?? location.href);
}
