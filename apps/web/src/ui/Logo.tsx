import { PRODUCT_NAME } from '@tapeline/core';

/** The brand as it stands on pages without the top bar (the sign-in card, the bare profile page). */
export function Logo() {
  return (
    <span className="logo">
      <span className="logo-mark" aria-hidden="true" />
      {PRODUCT_NAME}
    </span>
  );
}
