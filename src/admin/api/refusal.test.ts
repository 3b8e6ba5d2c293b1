import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../shared/format.ts';
import { MSG, STATUS } from '../../shared/messages.ts';
import { AdminFailure } from './client.ts';
import { type RefusalTexts, refusalText } from './refusal.ts';

/** The back office's texts in every language, as the admin's i18next holds them. */
const i18n = i18next.createInstance();
beforeAll(async () => {
  const admin = (locale: Locale) =>
    JSON.parse(
      readFileSync(join(import.meta.dirname, `../../shared/i18n/locales/${locale}/admin.json`), 'utf8'),
    );
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    defaultNS: 'admin',
    resources: Object.fromEntries(LOCALES.map((l) => [l, { admin: admin(l) }])),
    interpolation: { escapeValue: false },
  });
});

/** The mapping as the back office in `locale` reads it. */
const textsIn = (locale: Locale): RefusalTexts => {
  const t = i18n.getFixedT(locale);
  return {
    t,
    exists: (key: string) => i18n.exists(key, { lng: locale, fallbackLng: false }),
    language: locale,
  } as RefusalTexts;
};

/** A refusal as /api/admin sends it: the HTTP code, the status word, the message key and the English reason. */
const refusal = (httpStatus: number, status: string, message: string, extra: Record<string, unknown> = {}) =>
  new AdminFailure(httpStatus, status, message, { status, msg: MSG.failure, message, ...extra });

/** Every status word a refusal may carry: the replies' (messages.ts) but success, and the operator's switch-offs. */
const REFUSAL_STATUSES = [
  ...Object.values(STATUS).filter((s) => s !== STATUS.success && s !== STATUS.authenticated),
  'disabled',
];

const NOT_ENGLISH = LOCALES.filter((l) => l !== 'en');

describe('a refusal from the admin API in the operator language', () => {
  it('has a text for every status word in all five languages', () => {
    for (const locale of LOCALES) {
      for (const status of REFUSAL_STATUSES) {
        expect(textsIn(locale).exists(`refusal.status.${status}`), `${locale}: ${status}`).toBe(true);
      }
      expect(textsIn(locale).exists('refusal.unknown'), locale).toBe(true);
    }
  });

  it('never shows the server English reason in a non-English back office, whatever the status', () => {
    const english = 'the login walk-th is taken';
    for (const locale of NOT_ENGLISH) {
      for (const status of [...REFUSAL_STATUSES, 'teapot']) {
        const text = refusalText(refusal(409, status, english), textsIn(locale));
        expect(text, `${locale}: ${status}`).not.toMatch(/taken|login/i);
        expect(text.trim(), `${locale}: ${status}`).not.toBe('');
      }
    }
  });

  it('reads a conflict, a refused input and a missing record by their status in Thai and Korean', () => {
    const th = textsIn('th');
    expect(refusalText(refusal(409, 'already', 'an owner cannot change their own role'), th)).toBe(
      'ขัดกับข้อมูลที่บันทึกอยู่ตอนนี้ อาจทำไปแล้ว ถูกใช้แล้ว หรือมีการเปลี่ยนแปลงระหว่างนั้น โหลดหน้าใหม่แล้วตรวจสอบ',
    );
    expect(refusalText(refusal(400, 'invalid', 'the database knows no time zone Mars/Base'), th)).toBe(
      'เซิร์ฟเวอร์ไม่รับข้อมูลที่ส่ง ตรวจสอบค่าแล้วลองอีกครั้ง',
    );
    expect(refusalText(refusal(404, 'not_found', 'no member 99'), textsIn('ko'))).toBe(
      '찾을 수 없습니다. 그사이 삭제되었을 수 있습니다. 페이지를 새로고침하세요.',
    );
  });

  it('names an unknown refusal by its HTTP code, translated', () => {
    expect(refusalText(refusal(418, 'teapot', 'short and stout'), textsIn('th'))).toBe(
      'เซิร์ฟเวอร์ปฏิเสธรายการนี้ (รหัส 418) โหลดหน้าใหม่แล้วลองอีกครั้ง',
    );
    expect(refusalText(refusal(418, 'teapot', 'short and stout'), textsIn('jp'))).toContain('418');
  });

  it('keeps the server reason in English, where it names what was wrong', () => {
    const en = textsIn('en');
    expect(refusalText(refusal(409, 'already', 'the login walk-th is taken'), en)).toBe(
      'The login walk-th is taken',
    );
    expect(refusalText(refusal(418, 'teapot', 'short and stout'), en)).toBe('Short and stout');
    expect(refusalText(refusal(418, 'teapot', ''), en)).toBe(
      'The server refused this (code 418). Reload the page and try again.',
    );
  });

  it('a message key that says all the reason does wins in every language, with its minutes', () => {
    const limited = new AdminFailure(429, 'limited', 'too many failed logins; try again later', {
      msg: MSG.loginLimited,
      retryAfter: 150,
    });
    expect(refusalText(limited, textsIn('th'))).toBe('ลองผิดหลายครั้งเกินไป ลองใหม่ในอีก 3 นาที');
    expect(refusalText(limited, textsIn('en'))).toBe('Too many failed attempts: try again in 3 min.');
    const wrong = new AdminFailure(400, 'invalid', 'the current password is wrong', {
      msg: MSG.passwordWrong,
    });
    expect(refusalText(wrong, textsIn('ko'))).toBe('현재 비밀번호가 올바르지 않습니다.');
  });

  it('a cash request decided first names the outcome and who decided, the system deciders translated', () => {
    const decided = (status: string, decidedBy: string | null) =>
      refusal(409, 'already', `this withdraw was already ${status}`, { current: { status, decidedBy } });
    expect(refusalText(decided('cansel', 'walk-ko'), textsIn('th'))).toBe('walk-ko ปฏิเสธไปแล้ว');
    expect(refusalText(decided('already', 'walk-ko'), textsIn('ko'))).toBe('walk-ko이(가) 이미 승인함');
    expect(refusalText(decided('cansel', 'member:self'), textsIn('th'))).toBe('สมาชิก ปฏิเสธไปแล้ว');
    expect(refusalText(decided('cansel', 'system:expiry'), textsIn('en'))).toBe(
      'Already rejected by payment expiry',
    );
    expect(refusalText(decided('already', null), textsIn('vn'))).toBe('Đã được duyệt');
    // A stored status the mapping does not know reads as any conflict.
    expect(refusalText(decided('odd', 'walk-ko'), textsIn('th'))).toBe(
      'ขัดกับข้อมูลที่บันทึกอยู่ตอนนี้ อาจทำไปแล้ว ถูกใช้แล้ว หรือมีการเปลี่ยนแปลงระหว่างนั้น โหลดหน้าใหม่แล้วตรวจสอบ',
    );
  });

  it('shows a failure the back office made itself as it is: offline, or a check before sending', () => {
    const th = textsIn('th');
    expect(refusalText(new AdminFailure(0, 'network', 'ติดต่อเซิร์ฟเวอร์ไม่ได้', {}), th)).toBe('ติดต่อเซิร์ฟเวอร์ไม่ได้');
    expect(refusalText(new Error('ราคาต้องมากกว่า 1'), th)).toBe('ราคาต้องมากกว่า 1');
    expect(refusalText('?', th)).toBe('เกิดข้อผิดพลาด ลองอีกครั้ง');
  });
});
