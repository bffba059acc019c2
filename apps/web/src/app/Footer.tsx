import { messages, PRODUCT_NAME } from '@tapeline/core';

export function Footer() {
  return (
    <footer className="footer">
      <span>{messages.footer}</span>
      <span>
        © {messages.copyrightYear} {PRODUCT_NAME}
      </span>
    </footer>
  );
}
