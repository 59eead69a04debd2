import type { MailLanguage } from '../../../events';
import type { SetPasswordLinkReason } from '../../../events';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Messages {
  locale: string;
  subject: Record<SetPasswordLinkReason, string>;
  greeting: string;
  body: Record<SetPasswordLinkReason, string>;
  action: string;
  expires: string;
  ignore: string;
}

const MESSAGES: Record<MailLanguage, Messages> = {
  en: {
    locale: 'en-GB',
    subject: { WELCOME: 'Your account is ready: choose your password', RESET: 'Choose a new password' },
    greeting: 'Hello {name},',
    body: {
      WELCOME: 'An account has been created for you. Choose your password to sign in.',
      RESET: 'An administrator asked for a new password for your account. Choose it with the link below.',
    },
    action: 'Choose my password',
    expires: 'This link works once and expires on {date}.',
    ignore: 'If you did not expect this message, you can ignore it.',
  },
  fr: {
    locale: 'fr-FR',
    subject: { WELCOME: 'Votre compte est prêt : choisissez votre mot de passe', RESET: 'Choisissez un nouveau mot de passe' },
    greeting: 'Bonjour {name},',
    body: {
      WELCOME: 'Un compte a été créé pour vous. Choisissez votre mot de passe pour vous connecter.',
      RESET: 'Un administrateur a demandé un nouveau mot de passe pour votre compte. Choisissez-le avec le lien ci-dessous.',
    },
    action: 'Choisir mon mot de passe',
    expires: 'Ce lien ne sert qu’une fois et expire le {date}.',
    ignore: 'Si vous n’attendiez pas ce message, vous pouvez l’ignorer.',
  },
  es: {
    locale: 'es-ES',
    subject: { WELCOME: 'Su cuenta está lista: elija su contraseña', RESET: 'Elija una nueva contraseña' },
    greeting: 'Hola, {name}:',
    body: {
      WELCOME: 'Se ha creado una cuenta para usted. Elija su contraseña para iniciar sesión.',
      RESET: 'Un administrador ha solicitado una nueva contraseña para su cuenta. Elíjala con el enlace de abajo.',
    },
    action: 'Elegir mi contraseña',
    expires: 'Este enlace solo funciona una vez y caduca el {date}.',
    ignore: 'Si no esperaba este mensaje, puede ignorarlo.',
  },
  de: {
    locale: 'de-DE',
    subject: { WELCOME: 'Ihr Konto ist bereit: Wählen Sie Ihr Passwort', RESET: 'Wählen Sie ein neues Passwort' },
    greeting: 'Hallo {name},',
    body: {
      WELCOME: 'Für Sie wurde ein Konto angelegt. Wählen Sie Ihr Passwort, um sich anzumelden.',
      RESET: 'Ein Administrator hat ein neues Passwort für Ihr Konto angefordert. Wählen Sie es über den Link unten.',
    },
    action: 'Mein Passwort wählen',
    expires: 'Dieser Link funktioniert einmal und läuft am {date} ab.',
    ignore: 'Wenn Sie diese Nachricht nicht erwartet haben, können Sie sie ignorieren.',
  },
};

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/** The set-password mail: text and HTML parts in the user's language. The link is the only place the token exists. */
export function renderSetPasswordMail(input: { language: MailLanguage; firstName: string; reason: SetPasswordLinkReason; link: string; expiresAt: string }) {
  const m = MESSAGES[input.language];
  const date = new Intl.DateTimeFormat(m.locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(new Date(input.expiresAt));
  const subject = m.subject[input.reason];
  const greeting = fill(m.greeting, { name: input.firstName });
  const body = m.body[input.reason];
  const expires = fill(m.expires, { date });
  const text = [greeting, '', body, '', `${m.action}: ${input.link}`, '', expires, m.ignore, ''].join('\n');
  const html = [
    `<!doctype html><html lang="${input.language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;max-width:640px">',
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(input.link)}">${escapeHtml(m.action)}</a></p>`,
    `<p>${escapeHtml(expires)}</p><p style="font-size:12px;color:#52606d">${escapeHtml(m.ignore)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
