import { renderEmail, type EmailContent } from '@podz/kit';

/** The mails identity sends, each with its text and HTML from one content. */

const minutes = (seconds: number) => Math.round(seconds / 60);
const validity = (seconds: number) =>
  seconds >= 3600 * 2 ? `${Math.round(seconds / 3600)} hours` : `${minutes(seconds)} minutes`;

function mail(to: string, content: EmailContent) {
  return { to, ...renderEmail(content) };
}

export function signInLinkMail(to: string, username: string, url: string, ttlSeconds: number) {
  return mail(to, {
    subject: 'Your PODZ sign-in link',
    greeting: `Hi ${username},`,
    paragraphs: [
      `Use the link below to sign in to PODZ. It works once, for ${validity(ttlSeconds)}.`,
      'If you did not ask for it, ignore this mail: nobody can sign in without the link.',
    ],
    action: { label: 'Sign in to PODZ', url },
  });
}

export function passwordResetMail(to: string, username: string, url: string, ttlSeconds: number) {
  return mail(to, {
    subject: 'Reset your PODZ password',
    greeting: `Hi ${username},`,
    paragraphs: [
      `Someone asked to reset the password of your PODZ account. The link below lets you choose a new one; it works once, for ${validity(ttlSeconds)}.`,
      'Setting a new password signs you out on every device.',
      'If you did not ask for it, ignore this mail: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url },
  });
}

export function verificationMail(to: string, username: string, url: string, ttlSeconds: number) {
  return mail(to, {
    subject: 'Confirm your email address for PODZ',
    greeting: `Hi ${username},`,
    paragraphs: [
      `Please confirm that ${to} is your address, so PODZ can send you sign-in links and notifications. The link works for ${validity(ttlSeconds)}.`,
      'If you did not create a PODZ account, ignore this mail.',
    ],
    action: { label: 'Confirm my address', url },
  });
}
