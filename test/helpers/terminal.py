"""Runs a command in a pseudo-terminal of a given size (tests: what a user sees in a terminal).

Usage: terminal.py <cols> <rows> <stdout: pty|pipe> <input> -- command...
Writes one JSON object: {"code": exit code, "tty": what the terminal showed, "stdout": what went to the
pipe when stdout is a pipe}. <input> is typed into the terminal after start ("" for nothing); when it
is a JSON list of [expected, typed] pairs, each text is typed once the terminal has shown the
expected text (answers to prompts), after what was expected before it.
"""
import fcntl, json, os, pty, select, struct, sys, termios

cols, rows, mode, typed = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
steps = json.loads(typed) if typed.startswith('[') else ([['', typed]] if typed else [])
cmd = sys.argv[sys.argv.index('--') + 1:]
out_r = out_w = None
if mode == 'pipe':
    out_r, out_w = os.pipe()
pid, fd = pty.fork()
if pid == 0:
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack('HHHH', rows, cols, 0, 0))
    if out_w is not None:
        os.dup2(out_w, 1)
        os.close(out_r)
    os.execvp(cmd[0], cmd)
if out_w is not None:
    os.close(out_w)
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', rows, cols, 0, 0))
tty, piped = b'', b''
seen = 0  # where the next expected text is looked for


def answer():
    global seen
    while steps:
        expected, text = steps[0]
        at = tty.find(expected.encode(), seen)
        if at < 0:
            return
        seen = at + len(expected.encode())
        os.write(fd, text.encode())
        steps.pop(0)


answer()
open_fds = [fd] + ([out_r] if out_r is not None else [])
while open_fds:
    ready, _, _ = select.select(open_fds, [], [], 60)
    if not ready:
        break
    for r in ready:
        try:
            data = os.read(r, 65536)
        except OSError:
            data = b''
        if not data:
            open_fds.remove(r)
        elif r == fd:
            tty += data
            answer()
        else:
            piped += data
_, status = os.waitpid(pid, 0)
code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)
json.dump({'code': code, 'tty': tty.decode('utf-8', 'replace'), 'stdout': piped.decode('utf-8', 'replace')}, sys.stdout)
