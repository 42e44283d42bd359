import { useEffect } from 'react';

const SITE = 'MS & Jaksh';

export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE}` : `${SITE} | Labels, merchandise and personalised gifts`;
  }, [title]);
}
