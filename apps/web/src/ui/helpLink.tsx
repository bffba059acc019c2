import { DEFAULT_HELP_URL } from '@tapeline/core';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useConfig } from '../lib/useConfig.ts';

/** HELP_URL as the server answers it (/api/config), the built-in page until then. */
export function useHelpUrl(): string {
  const { data } = useConfig();
  return data?.helpUrl || DEFAULT_HELP_URL;
}

/** A path of this app ('/help'), as opposed to a help site elsewhere. */
export function isInternalUrl(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** Goes to the help: in the app for a path, in a new tab (no opener) for another site. */
export function openHelp(url: string, navigate: (path: string) => void): void {
  if (isInternalUrl(url)) navigate(url);
  else window.open(url, '_blank', 'noopener,noreferrer');
}

interface HelpLinkProps {
  children: ReactNode;
  className?: string;
  onClick?: () => void;
  title?: string;
}

/** The Help link of the top bar and the sidebar. */
export function HelpLink({ children, className, onClick, title }: HelpLinkProps) {
  const url = useHelpUrl();
  if (isInternalUrl(url))
    return (
      <NavLink to={url} className={className} onClick={onClick} title={title}>
        {children}
      </NavLink>
    );
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
      onClick={onClick}
      title={title}
    >
      {children}
    </a>
  );
}
