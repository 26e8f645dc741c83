import { Moon, Sun } from 'lucide-react';
import { toggleTheme, useDarkTheme } from '../theme';

/**
 * What both dark-mode switches share (the header's icon, HeaderThemeToggle.tsx, and the phone menu's labelled row,
 * MenuThemeToggle.tsx): the current theme, the icon that offers the other one, and the switch's button attributes.
 */
export function useThemeSwitch() {
  const dark = useDarkTheme();
  const switchProps = { type: 'button', role: 'switch', 'aria-checked': dark, onClick: toggleTheme } as const;
  return { dark, Icon: dark ? Sun : Moon, switchProps };
}
