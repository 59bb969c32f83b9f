import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { ApiError } from '../../shared/api';
import {
  fileDeletedAt, filterPendingDocuments, KNOWN_STATUSES, niceCeiling, reviewFailed, reviewSucceeded, scaleSeries, weekLabel,
} from './admin-rules';

const doc = (id: string, firstName: string, lastName: string, documentType: string, academicQualificationType?: string) => ({
  id, documentType: documentType as 'id_card', tutor: { id: `t-${id}`, firstName, lastName },
  ...(academicQualificationType ? { academicQualificationType } : {}),
});

const docs = [
  doc('1', 'Jane', 'Wanjiru', 'id_card'),
  doc('2', 'Jane', 'Wanjiru', 'academic_qualification', "Master's Degree"),
  doc('3', 'Brian', 'Otieno', 'passport'),
  doc('4', 'Zoë', 'Achieng', 'certificate'),
  doc('5', 'Peter', 'Janeway', 'driving_license'),
];
const ids = (list: Array<{ id: string }>) => list.map((d) => d.id);

describe('pending KYC search (the KYC tab)', () => {
  it('matches first or last name or the document type label, ignoring case, accents and spaces', () => {
    expect(ids(filterPendingDocuments(docs, ''))).toEqual(['1', '2', '3', '4', '5']);
    expect(ids(filterPendingDocuments(docs, '   '))).toEqual(['1', '2', '3', '4', '5']);
    expect(ids(filterPendingDocuments(docs, 'jane'))).toEqual(['1', '2', '5']); // Janeway too: a prefix is enough
    expect(ids(filterPendingDocuments(docs, 'OTIENO'))).toEqual(['3']);
    expect(ids(filterPendingDocuments(docs, 'zoe'))).toEqual(['4']);
    expect(ids(filterPendingDocuments(docs, 'National ID'))).toEqual(['1']);
    expect(ids(filterPendingDocuments(docs, 'teaching certificate'))).toEqual(['4']);
    expect(ids(filterPendingDocuments(docs, 'driving license'))).toEqual(['5']);
    expect(ids(filterPendingDocuments(docs, 'academic'))).toEqual(['2']);
    expect(ids(filterPendingDocuments(docs, 'masters'))).toEqual([]);
    expect(ids(filterPendingDocuments(docs, "master's"))).toEqual(['2']);
  });

  it('matches the type as shown in the active language too (a Kiswahili admin types its Kiswahili name)', () => {
    const shown = (d: { documentType: string }) => ({ id_card: 'Kitambulisho cha Taifa', passport: 'Pasipoti' })[d.documentType] ?? '';
    expect(ids(filterPendingDocuments(docs, 'kitambulisho', shown))).toEqual(['1']);
    expect(ids(filterPendingDocuments(docs, 'brian pasipoti', shown))).toEqual(['3']);
    expect(ids(filterPendingDocuments(docs, 'National ID', shown))).toEqual(['1']);
  });

  it('needs every word to match something, so a name and a type narrow it down', () => {
    expect(ids(filterPendingDocuments(docs, 'jane wanjiru'))).toEqual(['1', '2']);
    expect(ids(filterPendingDocuments(docs, 'wanjiru passport'))).toEqual([]);
    expect(ids(filterPendingDocuments(docs, 'jane  national'))).toEqual(['1']);
    expect(ids(filterPendingDocuments(docs, 'nobody'))).toEqual([]);
  });
});

describe('review toasts', () => {
  it('uses the API\'s success text and the spec\'s failure texts', () => {
    expect(reviewSucceeded('approve', 'KYC document approved successfully!')).toBe('KYC document approved successfully!');
    expect(reviewSucceeded('reject')).toBe('KYC document rejected successfully!');
    expect(reviewFailed('approve', new Error('x'))).toBe('Failed to approve KYC document');
    expect(reviewFailed('reject', new ApiError(500, 'http_error', 'Request failed (HTTP 500)'))).toBe('Failed to reject KYC document');
    expect(reviewFailed('approve', new ApiError(409, 'already_reviewed', 'This document has already been reviewed.', true)))
      .toBe('Failed to approve KYC document: This document has already been reviewed.');
    const swahili = { approved: 'Imeidhinishwa', rejected: 'Imekataliwa', approveFailed: 'Imeshindikana kuidhinisha', rejectFailed: 'Imeshindikana kukataa' };
    expect(reviewSucceeded('reject', undefined, swahili)).toBe('Imekataliwa');
    expect(reviewFailed('reject', new ApiError(409, 'already_reviewed', 'Hati hii imeshakaguliwa.', true), swahili))
      .toBe('Imeshindikana kukataa: Hati hii imeshakaguliwa.');
  });
});

describe('a KYC file deleted after its retention', () => {
  it('reads when from the file link\'s 410 file_deleted answer, and nothing from any other failure', () => {
    const gone = new ApiError(410, 'file_deleted', 'deleted', true, [], { reviewedAt: '2026-01-10T09:30:00.000Z', fileDeletedAt: '2026-04-10T09:30:00.000Z' });
    expect(fileDeletedAt(gone)).toBe('2026-04-10T09:30:00.000Z');
    expect(fileDeletedAt(new ApiError(404, 'not_found', 'Document not found', true))).toBeUndefined();
    expect(fileDeletedAt(new ApiError(500, 'http_error', 'Request failed (HTTP 500)'))).toBeUndefined();
    expect(fileDeletedAt(null)).toBeUndefined();
  });
});

describe('weekly chart scale', () => {
  it('rounds the axis up to 1, 2, 2.5 or 5 × 10ⁿ', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(-3)).toBe(1);
    expect(niceCeiling(Number.NaN)).toBe(1);
    expect(niceCeiling(1)).toBe(1);
    expect(niceCeiling(3)).toBe(5);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(10)).toBe(10);
    expect(niceCeiling(11)).toBe(20);
    expect(niceCeiling(21)).toBe(25);
    expect(niceCeiling(26)).toBe(50);
    expect(niceCeiling(0.3)).toBe(0.5);
    expect(niceCeiling(12_345)).toBe(20_000);
    expect(niceCeiling(250_000)).toBe(250_000);
  });

  it('scales bars to the plot height; zero stays flat, small non-zero values stay visible', () => {
    expect(scaleSeries([0, 5, 10, 2.5], 100)).toEqual({ top: 10, heights: [0, 50, 100, 25], ticks: [0, 5, 10] });
    expect(scaleSeries([0, 0, 0], 100)).toEqual({ top: 1, heights: [0, 0, 0], ticks: [0, 0.5, 1] });
    const { top, heights } = scaleSeries([1, 4000, 12_000], 120);
    expect(top).toBe(20_000);
    expect(heights[0]).toBe(1); // 0.006 units would vanish
    expect(heights[1]).toBeCloseTo(24);
    expect(heights[2]).toBeCloseTo(72);
    expect(scaleSeries([Number.NaN, 3], 10).heights).toEqual([0, 6]);
  });

  it('keeps count axes to whole numbers', () => {
    expect(scaleSeries([0, 0], 100, { integer: true })).toMatchObject({ top: 1, ticks: [0, 1] });
    expect(scaleSeries([0, 2], 100, { integer: true })).toMatchObject({ top: 2, ticks: [0, 1, 2], heights: [0, 100] });
    expect(scaleSeries([3, 1], 100, { integer: true })).toMatchObject({ top: 5, ticks: [0, 5] });
    expect(scaleSeries([38], 100, { integer: true })).toMatchObject({ top: 50, ticks: [0, 25, 50] });
  });

  it('labels weeks and values briefly', () => {
    expect(weekLabel('2026-11-16')).toBe('16 Nov');
    expect(weekLabel('2026-01-05')).toBe('5 Jan');
    expect(weekLabel('2026-09-28')).toBe('28 Sept'); // en-GB's short September, as every date in the SPA
    expect(weekLabel('soon')).toBe('soon');
    i18n.loadAndActivate({ locale: 'sw', messages: {} });
    expect(['2026-11-16', '2026-09-28'].map(weekLabel)).toEqual(['16 Nov', '28 Sep']);
    i18n.loadAndActivate({ locale: 'en', messages: {} });
  });
});

describe('status badges (transactions, payment attempts, lessons)', () => {
  const catalog = (language: string) =>
    JSON.parse(readFileSync(new URL(`./i18n/${language}.json`, import.meta.url), 'utf8')) as Record<string, string>;

  it('name every state the API sends in words, in English and Kiswahili, never the raw value', () => {
    const [en, sw] = [catalog('en'), catalog('sw')];
    for (const status of ['success', 'failed', 'pending', 'refunded', 'initialized', 'amount_mismatch', 'duplicate', 'needs_refund', 'confirmed', 'completed', 'cancelled', 'expired']) {
      expect(KNOWN_STATUSES.has(status)).toBe(true);
    }
    for (const status of KNOWN_STATUSES) {
      expect(en[`status.${status}`], status).toMatch(/^[A-Z]/);
      expect(en[`status.${status}`], status).not.toBe(status);
      expect(sw[`status.${status}`], status).toMatch(/^[A-Z]/);
      expect(sw[`status.${status}`], status).not.toBe(en[`status.${status}`]);
    }
    expect(en['status.success']).toBe('Paid');
    expect(sw['status.success']).toBe('Imelipwa');
  });
});
