// The authenticator-app QR code, drawn on the server as an inline SVG (no script, no request to
// anyone else): the `qrcode` package (see docs/decisions.md).
import QRCode from 'qrcode';

/** The standard authenticator link: otpauth://totp/{issuer}:{account}?secret={secret}&issuer={issuer}. */
export function totpSetupUri(issuer: string, account: string, secret: string): string {
  // %20, not "+": authenticator apps read "+" literally.
  return `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(account)}?secret=${encodeURIComponent(secret)}&issuer=${encodeURIComponent(issuer)}`;
}

/** An SVG of the QR code of `text`, sized by CSS, labelled for screen readers. */
export async function qrCodeSvg(text: string, label: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
  return svg.replace('<svg ', `<svg role="img" aria-label="${label.replace(/[&<>"']/g, '')}" width="168" height="168" `);
}
