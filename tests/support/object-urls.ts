import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

/**
 * For a file whose tests stub URL.createObjectURL / revokeObjectURL (jsdom saves no file): puts Node's own back after
 * each test, which the forms' previews use in other files of this worker; deleting them would leave the next file
 * without any. An export dialog still open lets its file go as it unmounts, so the tree is unmounted first.
 */
export function restoreObjectUrlsAfterEach() {
  const objectUrls = {
    createObjectURL: Object.getOwnPropertyDescriptor(URL, 'createObjectURL'),
    revokeObjectURL: Object.getOwnPropertyDescriptor(URL, 'revokeObjectURL'),
  };
  afterEach(() => {
    cleanup();
    for (const [name, descriptor] of Object.entries(objectUrls)) {
      if (descriptor) Object.defineProperty(URL, name, descriptor);
      else Reflect.deleteProperty(URL, name);
    }
  });
}
