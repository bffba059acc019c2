import { PRODUCT_NAME } from '@tapeline/core';
import type { Mail } from './mailer.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, intro: string, action: string, link: string, outro: string): string {
  const safeLink = escapeHtml(link);
  return `<!doctype html><html><body style="margin:0;background:#0b1220;font-family:Segoe UI,Helvetica,Arial,sans-serif;color:#e5e9f0">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 12px">
<table role="presentation" width="100%" style="max-width:520px;background:#111a2e;border-radius:10px;padding:28px">
<tr><td><h1 style="margin:0 0 16px;font-size:20px;color:#22c55e">${PRODUCT_NAME}</h1>
<h2 style="margin:0 0 12px;font-size:18px">${escapeHtml(title)}</h2>
<p style="line-height:1.5">${escapeHtml(intro)}</p>
<p style="margin:24px 0"><a href="${safeLink}" style="background:#22c55e;color:#0b1220;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action)}</a></p>
<p style="line-height:1.5;font-size:13px;color:#9aa5b8">If the button does not work, paste this link into your browser:<br><a href="${safeLink}" style="color:#60a5fa;word-break:break-all">${safeLink}</a></p>
<p style="line-height:1.5;font-size:13px;color:#9aa5b8">${escapeHtml(outro)}</p>
</td></tr></table></td></tr></table></body></html>`;
}

export function verificationMail(to: string, link: string): Mail {
  const intro = `Welcome to ${PRODUCT_NAME}. Confirm your email address to finish creating your account.`;
  const outro = 'This link works once and expires in 2 hours. If you did not sign up, ignore this email.';
  return {
    to,
    subject: `Verify your ${PRODUCT_NAME} email address`,
    text: `${intro}\n\nVerify your email: ${link}\n\n${outro}\n`,
    html: layout('Verify your email address', intro, 'Verify email', link, outro),
  };
}

export function passwordResetMail(to: string, link: string): Mail {
  const intro = `Someone asked to reset the password of your ${PRODUCT_NAME} account.`;
  const outro = 'This link works once and expires in 1 hour. If it was not you, ignore this email.';
  return {
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: `${intro}\n\nReset your password: ${link}\n\n${outro}\n`,
    html: layout('Reset your password', intro, 'Reset password', link, outro),
  };
}

export function emailChangeMail(to: string, link: string): Mail {
  const intro = `Confirm that ${to} is the new email address of your ${PRODUCT_NAME} account. Until you do, your current address stays in use.`;
  const outro =
    'This link works once and expires in 2 hours. If you did not ask for this, ignore this email.';
  return {
    to,
    subject: `Confirm your new ${PRODUCT_NAME} email address`,
    text: `${intro}\n\nConfirm your new email: ${link}\n\n${outro}\n`,
    html: layout('Confirm your new email address', intro, 'Confirm email', link, outro),
  };
}

/** To the address in force when someone asks to move the account to another one. */
export function emailChangeNoticeMail(to: string, newAddress: string, resetLink: string): Mail {
  const intro = `Someone signed in to your ${PRODUCT_NAME} account asked to change its email address to ${newAddress}. Nothing changes until that address confirms it.`;
  const outro =
    'If this was you, there is nothing to do. If not, reset your password now: it ends every session.';
  return {
    to,
    subject: `Your ${PRODUCT_NAME} email address is about to change`,
    text: `${intro}\n\nNot you? Reset your password: ${resetLink}\n\n${outro}\n`,
    html: layout('Email change requested', intro, 'Reset password', resetLink, outro),
  };
}

export function passwordChangedMail(to: string, resetLink: string): Mail {
  const intro = `The password of your ${PRODUCT_NAME} account was just changed, and every other session was signed out.`;
  const outro = 'If this was you, there is nothing to do. If not, reset your password now.';
  return {
    to,
    subject: `Your ${PRODUCT_NAME} password was changed`,
    text: `${intro}\n\nNot you? Reset your password: ${resetLink}\n\n${outro}\n`,
    html: layout('Password changed', intro, 'Reset password', resetLink, outro),
  };
}
