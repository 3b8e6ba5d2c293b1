/**
 * What the demo operator wrote for its players: notices, the popup, banners, the welcome note and the
 * messenger labels. Operator content has one text in no particular language (SPEC §3); the demo site's
 * default language is Thai, so its operator writes in Thai. `[DEMO]` marks every title and label so
 * demo data is never mistaken for real. Thai line breaking cuts loanwords it does not know (เดโม,
 * คาสิโน) between syllables, so text that wraps says ทดลอง ("trial"); notice titles are short enough
 * for one line in the 360-px lists. Kept free of imports so browser tests can name these texts.
 */

export const DEMO_NOTICES = [
  {
    title: '[DEMO] ยินดีต้อนรับ',
    contents: 'เว็บไซต์นี้ใช้ข้อมูลตัวอย่าง เข้าสู่ระบบด้วย demo / demo1234 เพื่อทดลองฝากเงิน เล่นเกม และติดต่อฝ่ายบริการ',
  },
  {
    title: '[DEMO] เวลาฝาก-ถอน',
    contents: 'ระบบดำเนินการฝากและถอนเงินทุกวัน ยอดทำรายการต้องเป็นทวีคูณของ 10,000',
  },
  {
    title: '[DEMO] เล่นอย่างรับผิดชอบ',
    contents: 'ตั้งวงเงินให้ตัวเองก่อนเริ่มเล่น หากต้องการพักบัญชี ติดต่อฝ่ายบริการได้ตลอดเวลา',
  },
] as const;

export const DEMO_MESSENGER_LINKS = [
  { label: '[DEMO] ติดต่อทาง Telegram', url: 'https://t.me/royal_casino_demo' },
  { label: '[DEMO] ติดต่อทาง KakaoTalk', url: 'https://open.kakao.com/o/royal_casino_demo' },
] as const;

export const DEMO_BANNERS = [
  { type: 'jackpot', title: '[DEMO] แจ็คพอตรอยัล', text: 'เพิ่มขึ้นทุกการหมุน', amount: 128_450_000 },
  {
    type: 'home',
    title: '[DEMO] ยินดีต้อนรับสู่ Royal Casino',
    text: 'บาคาร่าและสล็อต ยุติธรรมพิสูจน์ได้',
    sortOrder: 1,
  },
] as const;

export const DEMO_NOTE = {
  title: '[DEMO] ยินดีต้อนรับ',
  contents: 'ยินดีต้อนรับสู่เว็บทดลองเล่น ยอดเงินของคุณเป็นเงินทดลอง ลองฝากเงิน เล่นเกม แล้วถอนเงินได้เลย',
} as const;

export const DEMO_POPUP = {
  title: '[DEMO] โบนัสต้อนรับ',
  titleColor: '#f5c542',
  contents: '<p><strong>เว็บทดลองเล่น</strong> ยอดเงินและเกมในเว็บนี้ใช้เงินทดลองเท่านั้น</p>',
  posX: 40,
  posY: 120,
} as const;
