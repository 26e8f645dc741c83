import { type Dispatch, type SetStateAction, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * The open state of a menu that any navigation (path or query) closes. Closed while rendering the new page, not in an
 * effect after it, so the menu never shows over the page it led to.
 */
export function useOpenUntilNavigate(): [boolean, Dispatch<SetStateAction<boolean>>] {
  const { pathname, search } = useLocation();
  const here = pathname + search;
  const [open, setOpen] = useState(false);
  const [openedOn, setOpenedOn] = useState(here);
  if (openedOn !== here) {
    setOpenedOn(here);
    setOpen(false);
  }
  return [open, setOpen];
}
