import type { ReactNode } from 'react';
import { env } from '../../config/env';
import { socialIcons } from './educator-icons';
import { focusRingFlush } from '../ui/focus-ring';

type SocialLink = { label: string; href: string; icon: ReactNode };

/** The brand's accounts, as placeholders built from its name (the six footer links). */
export function socialLinks(brand: string): SocialLink[] {
  const handle = brand.toLowerCase().replace(/[^a-z0-9]+/g, '') || 'aprendiz';
  const greeting = encodeURIComponent(`Olá, ${brand}! Gostaria de saber mais sobre os cursos.`);
  return [
    { label: 'Facebook', href: `https://www.facebook.com/${handle}`, icon: socialIcons.facebook },
    { label: 'X', href: `https://x.com/${handle}`, icon: socialIcons.x },
    {
      label: 'LinkedIn',
      href: `https://www.linkedin.com/in/${handle}`,
      icon: socialIcons.linkedin,
    },
    { label: 'GitHub', href: `https://github.com/${handle}`, icon: socialIcons.github },
    {
      label: 'Código-fonte do projeto',
      href: `https://github.com/${handle}/${handle}`,
      icon: socialIcons.repository,
    },
    { label: 'WhatsApp', href: `https://wa.me/?text=${greeting}`, icon: socialIcons.whatsapp },
  ];
}

/** The educator area's footer: the copyright line and the six links, each opening in a new tab. */
export function EducatorFooter() {
  const { brand } = env;
  return (
    <footer className="flex flex-col-reverse items-center justify-between gap-4 border-t border-gray-500/20 px-4 py-4 md:flex-row md:px-8">
      <div className="flex items-center gap-3">
        <img
          src="/icons/logo.svg"
          alt=""
          width={28}
          height={28}
          className="hidden h-7 w-7 md:block"
        />
        <span aria-hidden="true" className="hidden h-7 w-px bg-gray-500/60 md:block" />
        <p className="text-center text-xs text-slate-600 md:text-sm">
          Copyright 2025 © {brand}. All Right Reserved.
        </p>
      </div>
      <ul className="flex items-center gap-1">
        {socialLinks(brand).map((link) => (
          <li key={link.label}>
            <a
              href={link.href}
              target="_blank"
              // The new tab gets no handle on this one, nor the address it came from.
              rel="noopener noreferrer"
              className={`flex h-10 w-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-blue-700 ${focusRingFlush}`}
            >
              {link.icon}
              <span className="sr-only">{`${link.label} (abre em nova aba)`}</span>
            </a>
          </li>
        ))}
      </ul>
    </footer>
  );
}
