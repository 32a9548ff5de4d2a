import type { LoaderFunctionArgs } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../test/api-stub';
import { resourceLoader } from './resource';

function read(url: string) {
  const request = new Request(`http://localhost/resource?${new URLSearchParams({ url })}`);
  return resourceLoader({ request, params: {}, context: {} } as LoaderFunctionArgs);
}

describe('the resource route', () => {
  it('when a panel reads an API address, then the answer comes back as a LoadResult', async () => {
    const { calls } = stubApi(() => ({ data: { success: true, notes: [] } }));
    expect(await read('/api/course/c1/notes?lectureId=l1')).toEqual({
      ok: true,
      value: { success: true, notes: [] },
    });
    expect(calls.map((call) => call.url)).toEqual(['/api/course/c1/notes?lectureId=l1']);
  });

  it('when the API refuses, then the failure carries its message and status', async () => {
    stubApi(() => ({ status: 404, data: { success: false, message: 'Pergunta não encontrada' } }));
    expect(await read('/api/questions/q1')).toEqual({
      ok: false,
      message: 'Pergunta não encontrada',
      status: 404,
    });
  });

  it('when the address is not the API’s, then nothing is requested and the read fails with 400', async () => {
    const { calls } = stubApi(() => ({ data: {} }));
    expect(await read('https://elsewhere.example/steal')).toMatchObject({ ok: false, status: 400 });
    expect(calls).toHaveLength(0);
  });
});
