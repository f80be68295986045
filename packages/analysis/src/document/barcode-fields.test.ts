import { describe, expect, it } from 'vitest';
import { generateIdentity, type Identity } from '../testing/identity.js';
import { buildMrzLines } from '../testing/mrz-lines.js';
import { pdf417Payload, qrPayload } from '../testing/render-document.js';
import { barcodeFieldReadings, readBarcodeFields, withFieldReadings } from './barcode-fields.js';

/** The fields a barcode of `identity` carries, as the analysis answers them. */
function truthOf(identity: Identity) {
  return {
    idNumber: identity.documentNumber,
    lastNames: identity.lastNames,
    firstNames: identity.firstNames,
    birthDate: identity.birthDate,
    gender: identity.sex,
    dateOfExpiry: identity.dateOfExpiry,
    nationality: identity.nationality,
  };
}

describe("a barcode's own field readings", () => {
  const identity = generateIdentity('barcode-fields');

  it('reads the IDV1 pipe layout field by field, dates as YYYY-MM-DD', () => {
    const raw = pdf417Payload(identity);
    expect(barcodeFieldReadings({ format: 'PDF417', raw })).toEqual(truthOf(identity));
  });

  it('leaves out the empty or malformed parts of the pipe layout', () => {
    const raw = 'IDV1|ESP|AB1234567||ANA MARIA|1990042|Q|20310110|esp|X1';
    expect(barcodeFieldReadings({ format: 'PDF417', raw })).toEqual({
      idNumber: 'AB1234567',
      firstNames: 'ANA MARIA',
      dateOfExpiry: '2031-01-10',
    });
  });

  it('reads an embedded MRZ that passes its check digits, and nothing from one that fails', () => {
    const lines = buildMrzLines(identity, 'id-card');
    const raw = lines.join('\r\n');
    expect(barcodeFieldReadings({ format: 'PDF417', raw })).toEqual(
      expect.objectContaining({
        idNumber: identity.documentNumber,
        birthDate: identity.birthDate,
        dateOfExpiry: identity.dateOfExpiry,
        nationality: identity.nationality,
        gender: identity.sex,
      }),
    );
    // The document number's check digit changed: the MRZ is invalid, so no field is taken.
    const first = lines[0] as string;
    const digit = first.charAt(14);
    const tampered = first.slice(0, 14) + (digit === '9' ? '0' : String(Number(digit) + 1));
    const broken = [tampered + first.slice(15), ...lines.slice(1)].join('\r\n');
    expect(barcodeFieldReadings({ format: 'PDF417', raw: broken })).toEqual({});
  });

  it('names no field for another payload (a URL)', () => {
    expect(barcodeFieldReadings({ format: 'QRCode', raw: qrPayload(identity) })).toEqual({});
  });

  it('gives each barcode of the answer its fields, keeping its format and payload', () => {
    const barcodes = [
      { format: 'PDF417', raw: pdf417Payload(identity) },
      { format: 'QRCode', raw: qrPayload(identity) },
    ];
    expect(withFieldReadings(barcodes)).toEqual([
      { ...barcodes[0], fields: truthOf(identity) },
      { ...barcodes[1], fields: {} },
    ]);
  });

  it('takes each field from the first barcode that names it', () => {
    const other = generateIdentity('barcode-fields-other');
    const reading = readBarcodeFields([
      { format: 'QRCode', raw: qrPayload(identity) },
      { format: 'PDF417', raw: pdf417Payload(identity) },
      { format: 'PDF417', raw: pdf417Payload(other) },
    ]);
    expect(reading.fields).toEqual(truthOf(identity));
    expect(reading.tokens).toContain(identity.documentNumber);
    // The fields the answer attached are taken as they are, not read from the payload again.
    const trusted = readBarcodeFields([
      { format: 'PDF417', raw: pdf417Payload(other), fields: truthOf(identity) },
    ]);
    expect(trusted.fields).toEqual(truthOf(identity));
  });
});
