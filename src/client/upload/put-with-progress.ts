/**
 * The type a file's body is sent as: the browser's own, or `application/octet-stream` when it knows none (an
 * .hwp, a file without an extension). A body sent without a Content-Type is dropped by Netlify's function
 * runtime, so the function would see an empty upload; the server goes by the bytes, not this word.
 * @example bodyType(new Blob(['x'])) // 'application/octet-stream'
 */
export function bodyType(body: Blob): string {
  return body.type || 'application/octet-stream';
}

/**
 * One PUT with upload progress (fetch cannot report upload progress). Resolves with the ETag header;
 * any non-2xx rejects with `"<status>: <body text or status text>"`, like the API client.
 */
export function putWithProgress(
  url: string,
  body: Blob,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', bodyType(body));
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.getResponseHeader('ETag'));
      else reject(new Error(`${xhr.status}: ${xhr.responseText || xhr.statusText}`));
    };
    xhr.onerror = () => reject(new Error(`0: ${xhr.statusText || 'network error'}`));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
