import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { useHydrated } from './useHydrated';

function FilePicker() {
  const hydrated = useHydrated();
  return <input type="file" aria-label="Upload your design" disabled={!hydrated} />;
}

describe('useHydrated', () => {
  it("is false in the server's render, so a control that needs the page's scripts is disabled there", () => {
    expect(renderToString(<FilePicker />)).toContain('disabled');
  });

  it('is true once the page runs in the browser, and the control is enabled', () => {
    render(<FilePicker />);
    expect(screen.getByLabelText('Upload your design')).toBeEnabled();
  });
});
