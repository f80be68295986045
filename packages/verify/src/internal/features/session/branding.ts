/**
 * Branding per plan (DESIGN §6): on Basic only the business name may change; Premium and Pro show the
 * company's logo and color, which the host's attributes may override.
 */
import type { FlowCompany } from '../../../api/types.js';

/** What the element shows of the business. */
export interface Branding {
  name: string;
  color: string | null;
  /** Text color readable on `color` (black or white by WCAG relative luminance). */
  onColor: string | null;
  logoUrl: string | null;
}

/** Overrides from the host's attributes. */
export interface BrandingOverrides {
  businessName?: string | undefined;
  brandColor?: string | undefined;
  logoSrc?: string | undefined;
}

const hexColor = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Accepts `#rgb` and `#rrggbb` only, so a color can never inject other CSS. */
export function safeColor(value: string | null | undefined): string | null {
  return value && hexColor.test(value.trim()) ? value.trim() : null;
}

/** Accepts only http(s) and same-document relative URLs (never `javascript:` or `data:`). */
export function safeUrl(value: string | null | undefined, base?: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(
      value,
      base ?? (typeof location !== 'undefined' ? location.href : 'https://invalid.example/'),
    );
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** WCAG relative luminance of a `#rgb`/`#rrggbb` color. */
export function relativeLuminance(hex: string): number {
  let digits = hex.slice(1);
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  const channel = (offset: number): number => {
    const c = Number.parseInt(digits.slice(offset, offset + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** Black or white, whichever contrasts more with `hex`. */
export function readableOn(hex: string): string {
  const luminance = relativeLuminance(hex);
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? '#000000' : '#ffffff';
}

/** Resolves the branding to show from the company and the host's overrides. */
export function resolveBranding(
  company: FlowCompany | undefined,
  overrides: BrandingOverrides,
): Branding {
  const brandable = company !== undefined && company.plan !== 'basic';
  const name = overrides.businessName?.trim() || company?.name || '';
  const color = brandable ? (safeColor(overrides.brandColor) ?? safeColor(company.color)) : null;
  const logoUrl = brandable ? (safeUrl(overrides.logoSrc) ?? safeUrl(company.logoUrl)) : null;
  return { name, color, onColor: color ? readableOn(color) : null, logoUrl };
}
