import { render, screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { notify, showNotice } from './toast';

describe('toast helpers', () => {
  it.each([
    [200, 'success'],
    [100, 'info'],
    [300, 'warning'],
    [400, 'error'],
    [500, 'error'],
  ])('the authentication helper shows code %s as %s, bottom-right', async (code, type) => {
    render(<ToastContainer />);
    notify(code, `Message ${code}`);
    const toast = (await screen.findByText(`Message ${code}`)).closest('.Toastify__toast');
    expect(toast).toHaveClass(`Toastify__toast--${type}`);
    expect(toast?.closest('.Toastify__toast-container')).toHaveClass(
      'Toastify__toast-container--bottom-right',
    );
  });

  it('shows general notices top-right', async () => {
    render(<ToastContainer />);
    showNotice('post deleted successfully', 'success');
    const toast = await screen.findByText('post deleted successfully');
    expect(toast.closest('.Toastify__toast-container')).toHaveClass(
      'Toastify__toast-container--top-right',
    );
  });
});
