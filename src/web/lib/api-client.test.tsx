import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch, json } from '../test/fake-fetch.js';
import { apiRequest, getQueryFn } from './api-client.js';
import { createQueryClient } from './query-client.js';

describe('apiRequest', () => {
  it('sends the body as JSON with a JSON content type, and always sends cookies', async () => {
    const { sent } = installFakeFetch({ 'POST /api/waitlist': json({ ok: true }) });

    const res = await apiRequest('POST', '/api/waitlist', {
      email: 'amara@example.com',
      feature: 'direct_university_applications',
    });

    expect(await res.json()).toEqual({ ok: true });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({
      email: 'amara@example.com',
      feature: 'direct_university_applications',
    });
    expect(sent[0]?.credentials).toBe('include');
  });

  it('sends no body and no content type when there is no body', async () => {
    const { sent } = installFakeFetch({ 'POST /api/auth/demo-login': json({}) });

    await apiRequest('POST', '/api/auth/demo-login');

    expect(sent[0]?.body).toBeNull();
    expect(sent[0]?.headers.has('Content-Type')).toBe(false);
    expect(sent[0]?.credentials).toBe('include');
  });

  it('sends the session token from sessionStorage as a bearer header', async () => {
    sessionStorage.setItem('jwt_token', 'token-from-session');
    const { sent } = installFakeFetch({ 'GET /api/user/profile': json({}) });

    await apiRequest('GET', '/api/user/profile');

    expect(sent[0]?.headers.get('Authorization')).toBe('Bearer token-from-session');
  });

  it('sends no Authorization header without a stored token', async () => {
    localStorage.setItem('auth_token', 'a-token-left-in-local-storage');
    const { sent } = installFakeFetch({ 'GET /api/config': json({}) });

    await apiRequest('GET', '/api/config');

    expect(sent[0]?.headers.has('Authorization')).toBe(false);
  });

  it('throws "status: body text" on a non-OK answer', async () => {
    installFakeFetch({
      'POST /api/waitlist': json({ message: 'Please enter a valid email address' }, 400),
    });

    await expect(apiRequest('POST', '/api/waitlist', { email: 'x' })).rejects.toThrow(
      new Error('400: {"message":"Please enter a valid email address"}'),
    );
  });

  it('throws "status: status text" when the answer has no body', async () => {
    installFakeFetch({
      'GET /api/messages': new Response(null, { status: 503, statusText: 'Service Unavailable' }),
    });

    await expect(apiRequest('GET', '/api/messages')).rejects.toThrow(
      new Error('503: Service Unavailable'),
    );
  });
});

describe('getQueryFn', () => {
  function queryWith(queryFn: ReturnType<typeof getQueryFn>, url: string) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return client.query({ queryKey: [url], queryFn });
  }

  it('GETs the first element of the query key with the bearer token and parses the JSON', async () => {
    sessionStorage.setItem('jwt_token', 'tok');
    const { sent } = installFakeFetch({
      'GET /api/applications': json([{ id: 1, university: 'Lakeside University' }]),
    });

    const data = await queryWith(getQueryFn({ on401: 'throw' }), '/api/applications');

    expect(data).toEqual([{ id: 1, university: 'Lakeside University' }]);
    expect(sent[0]).toMatchObject({
      method: 'GET',
      url: '/api/applications',
      credentials: 'include',
    });
    expect(sent[0]?.headers.get('Authorization')).toBe('Bearer tok');
  });

  it('answers null on a 401 when asked to', async () => {
    installFakeFetch({ 'GET /api/profile': json({ message: 'Unauthorized' }, 401) });

    await expect(
      queryWith(getQueryFn({ on401: 'returnNull' }), '/api/profile'),
    ).resolves.toBeNull();
  });

  it('throws "401: body" on a 401 when asked to throw', async () => {
    installFakeFetch({ 'GET /api/profile': json({ message: 'Unauthorized' }, 401) });

    await expect(queryWith(getQueryFn({ on401: 'throw' }), '/api/profile')).rejects.toThrow(
      new Error('401: {"message":"Unauthorized"}'),
    );
  });

  it('still throws on other errors when a 401 would answer null', async () => {
    installFakeFetch({
      'GET /api/profile': new Response('', { status: 500, statusText: 'Internal Server Error' }),
    });

    await expect(queryWith(getQueryFn({ on401: 'returnNull' }), '/api/profile')).rejects.toThrow(
      new Error('500: Internal Server Error'),
    );
  });
});

describe('the query client defaults', () => {
  function Messages() {
    const messages = useQuery<unknown[]>({ queryKey: ['/api/messages'] });
    if (messages.isError) return <p>{messages.error.message}</p>;
    return <p>{messages.data ? `${messages.data.length} messages` : 'Loading messages'}</p>;
  }

  it('let a page query by URL alone, and show a failure at once instead of retrying', async () => {
    const { fetchMock } = installFakeFetch({
      'GET /api/messages': json({ message: 'Unauthorized: please sign in again.' }, 401),
    });

    render(
      <QueryClientProvider client={createQueryClient()}>
        <Messages />
      </QueryClientProvider>,
    );

    expect(
      await screen.findByText('401: {"message":"Unauthorized: please sign in again."}'),
    ).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('serve a cached answer again without asking the server a second time', async () => {
    const { fetchMock } = installFakeFetch({ 'GET /api/applications': json([]) });
    const client = createQueryClient();

    await client.query({ queryKey: ['/api/applications'] });
    await client.query({ queryKey: ['/api/applications'] });

    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('do not poll or refetch on focus, and never retry a mutation', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({ refetchOnWindowFocus: false, refetchInterval: false });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });
});
