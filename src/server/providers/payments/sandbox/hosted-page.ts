import escapeHtml from 'escape-html';
import type { PageText } from '../../../http/page-i18n.ts';

/** The sandbox provider's page frame: no scripts, one stylesheet, works on a phone, in the member's language. */
export function hostedPage(text: PageText<'payment'>, title: string, body: string): string {
  return `<!doctype html>
<html lang="${text.htmlLang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Sandbox Pay</title>
<link rel="stylesheet" href="/pay/sandbox/sandbox.css">
</head>
<body>
<main class="card">
<p class="brand"><span translate="no">Sandbox&nbsp;Pay</span> <span class="tag">${escapeHtml(text.t('testMode'))}</span></p>
${body}
</main>
</body>
</html>`;
}

export const SANDBOX_CSS = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:16px;background:#eef1f6;
font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans Thai','Noto Sans KR','Noto Sans JP',sans-serif;color:#17203a}
.test-banner{margin:8px 0;padding:6px 10px;border-radius:6px;background:#fff4d6;color:#7a4b00;font-weight:600;font-size:14px}
.card{width:min(420px,100%);min-width:0;background:#fff;border-radius:16px;padding:24px;box-shadow:0 10px 40px rgb(23 32 58/.12)}
.brand{margin:0 0 20px;font-weight:800;color:#3454d1;display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.tag{font-size:11px;font-weight:600;color:#8a5a00;background:#fff4d6;border-radius:99px;padding:2px 8px}
h1{font-size:20px;margin:0 0 4px}
.amount{font-size:30px;overflow-wrap:anywhere;font-weight:800;margin:12px 0 20px;font-variant-numeric:tabular-nums}
dl{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1.3fr);gap:6px 16px;margin:0 0 24px;font-size:14px}
dt{color:#5b6787}dd{margin:0;font-weight:600;text-align:right;overflow-wrap:anywhere}
.address{margin:0 0 20px;padding:12px;border-radius:10px;background:#f4f6fb}
.address .label{margin:0 0 6px;font-size:13px;color:#5b6787}
.address code{display:block;font-size:14px;font-weight:700;overflow-wrap:anywhere;word-break:break-all}
.actions{display:flex;gap:12px}
.actions form{flex:1}
button{width:100%;min-height:46px;border:0;border-radius:10px;font:inherit;font-weight:700;cursor:pointer}
.pay{background:#3454d1;color:#fff}.decline{background:#eef1f6;color:#17203a}
.result{font-size:16px;line-height:1.5}
.ok{color:#137a4b}.no{color:#b42335}
.muted{color:#5b6787;font-size:13px}
`;
