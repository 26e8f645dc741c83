// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DealForm } from './DealForm';

const envelope = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { headers: { 'content-type': 'application/json' } });

/** Fills every required field with a £9.99 kettle (was £19.99, category 1, store 7) and submits. */
async function submitKettle() {
  await userEvent.type(screen.getByLabelText('Title'), 'Cheap kettle');
  await userEvent.type(screen.getByLabelText('Description'), 'Boils water');
  await userEvent.type(screen.getByLabelText('Deal URL'), 'https://shop.example.co.uk/kettle');
  await userEvent.type(screen.getByLabelText('Price (£)'), '9.99');
  await userEvent.type(screen.getByLabelText('Original price (£)'), '19.99');
  await userEvent.selectOptions(screen.getByLabelText('Category'), '1');
  await userEvent.selectOptions(screen.getByLabelText('Store'), '7');
  await userEvent.click(screen.getByRole('button', { name: 'Submit Deal' }));
}

function renderForm(onSubmit = vi.fn().mockResolvedValue(undefined)) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DealForm imageRequired submitLabel="Submit Deal" busyLabel="Submitting..." busy={false} onSubmit={onSubmit} />
    </QueryClientProvider>,
  );
  return onSubmit;
}

describe('<DealForm>', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.includes('/categories')
          ? envelope([{ id: 1, name: 'Electronics', slug: 'electronics', dealsCount: 0 }])
          : envelope([{ id: 7, name: 'Argos', url: null, logoUrl: null, dealsCount: 0 }]),
      ),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('validates on blur, not while typing', async () => {
    renderForm();
    const title = screen.getByLabelText('Title');
    await userEvent.type(title, 'x');
    await userEvent.clear(title);
    expect(screen.queryByText('Title is required')).toBeNull();
    fireEvent.blur(title);
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    await userEvent.type(title, 'A'.repeat(101));
    fireEvent.blur(title);
    expect(await screen.findByText('Title must be at most 100 characters')).toBeInTheDocument();
  });

  it('uses a 0.01 price step and shows the image hint', () => {
    renderForm();
    expect(screen.getByLabelText('Price (£)')).toHaveAttribute('step', '0.01');
    expect(screen.getByLabelText('Original price (£)')).toHaveAttribute('step', '0.01');
    expect(screen.getByText('PNG, JPG, GIF up to 2MB')).toBeInTheDocument();
  });

  it('keeps the expiry off by default and clears the date when it is turned off', async () => {
    renderForm();
    const toggle = screen.getByRole('switch', { name: /expiry date/i });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.queryByLabelText('Expires at')).toBeNull();
    await userEvent.click(toggle);
    const input = screen.getByLabelText('Expires at');
    fireEvent.change(input, { target: { value: '2099-05-01T12:00' } });
    expect(input).toHaveValue('2099-05-01T12:00');
    await userEvent.click(toggle);
    await userEvent.click(toggle);
    expect(screen.getByLabelText('Expires at')).toHaveValue('');
  });

  it('refuses to submit without an image and with a past expiry, with the spec messages', async () => {
    const onSubmit = renderForm();
    await userEvent.click(screen.getByRole('switch', { name: /expiry date/i }));
    fireEvent.change(screen.getByLabelText('Expires at'), { target: { value: '2001-01-01T00:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit Deal' }));
    expect(await screen.findByText('Please upload an image for the deal')).toBeInTheDocument();
    expect(screen.getByText('Expiration date must be in the future')).toBeInTheDocument();
    expect(screen.getByText('Deal URL is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the chosen file and submits parsed values with it', async () => {
    const onSubmit = renderForm();
    await screen.findByRole('option', { name: 'Electronics' });
    await screen.findByRole('option', { name: 'Argos' });
    const fileInput = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(fileInput, { target: { files: [new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('Selected file must be an image')).toBeInTheDocument();
    fireEvent.change(fileInput, { target: { files: [new File([new Uint8Array(3 * 1024 * 1024)], 'big.png', { type: 'image/png' })] } });
    expect(await screen.findByText('Image size must be less than 2MB')).toBeInTheDocument();
    const png = new File([new Uint8Array(100)], 'ok.png', { type: 'image/png' });
    fireEvent.change(fileInput, { target: { files: [png] } });
    await submitKettle();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [values, file] = onSubmit.mock.calls[0];
    expect(values).toMatchObject({ title: 'Cheap kettle', price: 9.99, originalPrice: 19.99, categoryId: 1, storeId: 7, hasExpiry: false });
    expect(file).toBe(png);
  });

  it('warns about a recent deal of the same product as soon as the URL is left (docs/notes/products.md)', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.includes('/deals/duplicates')
        ? envelope({
            deals: [{ id: 12, title: 'Ninja air fryer AF100UK', price: 89.99, status: 'active', temperature: 31, createdAt: '2024-03-03T14:05:00Z' }],
            existingDealId: 12,
          })
        : envelope([]),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    const url = screen.getByLabelText('Deal URL');
    await userEvent.type(url, 'https://www.amazon.co.uk/Ninja-AF100UK/dp/B08CN3G4N9?tag=x-21');
    expect(screen.queryByText('This deal may already be posted')).toBeNull();
    fireEvent.blur(url);
    expect(await screen.findByText('This deal may already be posted')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ninja air fryer AF100UK/ })).toHaveAttribute('href', '/dealDetail/12');
    const asked = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.includes('/deals/duplicates'));
    expect(new URL(asked!, 'http://x').searchParams.get('url')).toBe('https://www.amazon.co.uk/Ninja-AF100UK/dp/B08CN3G4N9?tag=x-21');
  });

  it("shows the server's 409 with a link to the deal already posted", async () => {
    const { ApiError } = await import('../../api/client');
    const onSubmit = vi.fn().mockRejectedValue(new ApiError(409, 'This deal has already been posted', { success: false, data: { existingDealId: 31 } }));
    renderForm(onSubmit);
    await screen.findByRole('option', { name: 'Electronics' });
    await screen.findByRole('option', { name: 'Argos' });
    fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, {
      target: { files: [new File([new Uint8Array(100)], 'ok.png', { type: 'image/png' })] },
    });
    await submitKettle();
    const alert = await screen.findByTestId('duplicate-refusal');
    expect(alert).toHaveTextContent('This deal has already been posted');
    expect(screen.getByRole('link', { name: 'See the existing deal' })).toHaveAttribute('href', '/dealDetail/31');
  });
});
