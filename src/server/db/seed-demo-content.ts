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
    contents: 'ระบบดำเนินการฝากและถอนเงินทุกวัน ยอดทำรายการต้องเป็นทวีคูณของ 100 บาท',
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
  { type: 'jackpot', title: '[DEMO] แจ็คพอตรอยัล', text: 'เพิ่มขึ้นทุกการหมุน' },
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

/**
 * The Korean demo site's own content (ko.localhost, won, Seoul time): its operator writes in Korean.
 * `[DEMO]` marks it as the Thai site's.
 */
export const DEMO_KO_NOTICES = [
  {
    title: '[DEMO] 환영합니다',
    contents:
      '이 사이트는 예시 데이터를 사용합니다. demoko / demo1234 로 로그인해 입금, 게임, 고객센터를 체험해 보세요.',
  },
  {
    title: '[DEMO] 입출금 안내',
    contents: '입금과 출금은 매일 처리됩니다. 금액은 10,000원 단위입니다.',
  },
  {
    title: '[DEMO] 책임 있는 게임',
    contents: '게임을 시작하기 전에 한도를 정하세요. 계정을 쉬고 싶으면 언제든 고객센터에 문의하세요.',
  },
] as const;

export const DEMO_KO_MESSENGER_LINKS = [
  { label: '[DEMO] 카카오톡 문의', url: 'https://open.kakao.com/o/royal_casino_demo_ko' },
  { label: '[DEMO] 텔레그램 문의', url: 'https://t.me/royal_casino_demo_ko' },
] as const;

export const DEMO_KO_BANNERS = [
  {
    type: 'home',
    title: '[DEMO] 로얄 카지노 코리아',
    text: '공정성을 증명할 수 있는 바카라와 슬롯',
    sortOrder: 1,
  },
] as const;

export const DEMO_KO_NOTE = {
  title: '[DEMO] 환영합니다',
  contents:
    '체험용 사이트에 오신 것을 환영합니다. 잔액은 체험용 머니입니다. 입금하고 게임한 뒤 출금해 보세요.',
} as const;

export const DEMO_KO_POPUP = {
  title: '[DEMO] 환영 보너스',
  titleColor: '#f5c542',
  contents: '<p><strong>체험용 사이트</strong> 이 사이트의 잔액과 게임은 체험용 머니만 사용합니다.</p>',
  posX: 40,
  posY: 120,
} as const;
