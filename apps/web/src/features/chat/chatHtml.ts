import { usernameFoldKey } from '@tapeline/core';
import DOMPurify from 'dompurify';

// A message's content is HTML the server rendered and sanitized (docs/chat.md). The client
// sanitizes it again with its own allowlist before it touches the DOM: a server bug or a stored
// message from before a fix must still never run script in another trader's browser.

const ALLOWED_TAGS = ['br', 'a', 'span'];
const ALLOWED_ATTR = ['href', 'class', 'data-user', 'data-symbol'];
const CLASSES = new Set(['mention', 'symbol']);

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** One DOMPurify instance of our own, so its hooks never change anyone else's sanitizing. */
function instance(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      // Links open away from the app and tell the target nothing (ours, whatever the server said).
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
    if (node.hasAttribute('class')) {
      const kept = (node.getAttribute('class') ?? '').split(/\s+/).filter((c) => CLASSES.has(c));
      if (kept.length > 0) node.setAttribute('class', kept.join(' '));
      else node.removeAttribute('class');
    }
  });
  purifier = p;
  return p;
}

export interface SafeContent {
  html: string;
  /** Whether the message mentions the reader. */
  mentionsMe: boolean;
}

/**
 * The message HTML as it may be shown: sanitized with the chat allowlist (text, <br>, links
 * over http(s) and mailto, mention and symbol spans), mentions of the reader marked
 * `mention mention--me`.
 */
export function safeContent(html: string, myName: string | null): SafeContent {
  const fragment = instance().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
    RETURN_DOM_FRAGMENT: true,
  });
  let mentionsMe = false;
  if (myName) {
    const me = usernameFoldKey(myName);
    for (const span of fragment.querySelectorAll('span.mention')) {
      if (usernameFoldKey(span.getAttribute('data-user') ?? '') !== me) continue;
      span.classList.add('mention--me');
      mentionsMe = true;
    }
  }
  const box = document.createElement('div');
  box.append(fragment);
  return { html: box.innerHTML, mentionsMe };
}
