import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import type { MenuItem } from '#metadata';
import { dialogs } from '../dialogs';
import { http } from '../http';

/** Server path of the per-language menu. */
export const menuPaths = { menu: '/api/menu/GetMenu' };

/** How many times the menu was saved in this tab: the shell's menu reloads on each. */
const useMenuEdits = create<{ saved: number }>(() => ({ saved: 0 }));

/** Tells the shell's menu that the stored menu changed (the menu editor saved it). */
export function menuSaved(): void {
  useMenuEdits.setState((state) => ({ saved: state.saved + 1 }));
}

/**
 * The raw menu items for a language, as the server shows them to the caller: refetched when
 * the language changes, when who is signed in or what they hold changes (the server leaves
 * out what the caller may not open) and when the menu editor saved the menu. The previous items stay until the new ones arrive.
 *
 * @example const items = useMenuItems(i18n.language, `${userId}:${permissions.join(',')}`);
 */
export function useMenuItems(language: string, caller = ''): MenuItem[] {
  const { i18n } = useTranslation();
  const [items, setItems] = useState<MenuItem[]>([]);
  const saved = useMenuEdits((state) => state.saved);

  useEffect(() => {
    let current = true;
    http
      .get<MenuItem[]>(menuPaths.menu, { query: { language }, errorHandling: 'none' })
      .then((loaded) => {
        if (current) setItems(Array.isArray(loaded) ? loaded : []);
      })
      .catch((error: unknown) => {
        if (!current) return;
        const detail = error instanceof Error ? error.message : '';
        void dialogs.error(`${i18n.t('MENU.LOAD_FAILED')} ${detail}`.trim());
      });
    return () => {
      current = false;
    };
  }, [language, caller, saved, i18n]);

  return items;
}
