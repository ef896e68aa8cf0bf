import v8 from 'node:v8';
import vm from 'node:vm';

type GcFunction = (options?: { type?: 'major' | 'minor' }) => void;

/**
 * V8's `gc`, obtained the way Jest does (expose it, take it from a fresh context, un-expose it).
 * Socket reads allocate a new 64 KiB buffer each; V8 frees them only once about 64 MiB of such
 * external memory is pending, which would double collab's footprint during a big download.
 */
function collector(): GcFunction | null {
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as GcFunction;
    v8.setFlagsFromString('--no-expose-gc');
    return gc;
  } catch {
    return null;
  }
}

/**
 * Returns a byte counter that runs a young-generation collection (about a millisecond: the chunks
 * already written are its only garbage) after every `stepBytes`, keeping memory flat.
 */
export function flatMemory(stepBytes = 4 * 1024 * 1024): (n: number) => void {
  const gc = collector();
  if (!gc) return () => {};
  let pending = 0;
  return (n) => {
    pending += n;
    if (pending >= stepBytes) {
      pending = 0;
      gc({ type: 'minor' });
    }
  };
}
