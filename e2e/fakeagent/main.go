// Command fakeagent stands in for a raw-mode coding agent (Claude Code,
// Codex) in amux's end-to-end tests. It puts its terminal in raw mode, logs
// every byte it receives to a file so tests can assert exact bytes, announces
// readiness by setting a private mode (bracketed paste, ESC[?2004h) the way
// real agents do, and prints whatever a test asks through a control FIFO:
// OSC 7501 reports, OSC 133 marks, BEL, bursts of coloured output.
//
// Usage: fakeagent <byte-log> <control-fifo>
//
// Control lines (one per write, each under PIPE_BUF so writes are atomic):
//
//	raw <hex>      print the decoded bytes
//	burst <n>      print about n bytes of coloured lines
//	echo on|off    echo received bytes to the screen (default on)
//	exit <code>    restore the terminal and exit with code
//
// With FAKEAGENT_COMPOSER=take or keep in its environment it draws a
// composer instead of echoing: a last row "› <what was typed>" (paste
// brackets dropped). On a CR, "take" empties it — the message was taken —
// and "keep" leaves the text there, as an agent that never takes it.
package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/charmbracelet/x/term"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: fakeagent <byte-log> <control-fifo>")
		os.Exit(2)
	}
	logf, err := os.OpenFile(os.Args[1], os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fakeagent:", err)
		os.Exit(1)
	}
	// O_RDWR keeps the FIFO open for reading with no writer, so each test
	// command can open, write and close without the agent seeing EOF.
	ctl, err := os.OpenFile(os.Args[2], os.O_RDWR, 0)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fakeagent:", err)
		os.Exit(1)
	}
	state, err := term.MakeRaw(os.Stdin.Fd())
	if err != nil {
		fmt.Fprintln(os.Stderr, "fakeagent: raw mode:", err)
		os.Exit(1)
	}
	a := &agent{log: logf, restore: func() { _ = term.Restore(os.Stdin.Fd(), state) }, echo: true,
		composer: os.Getenv("FAKEAGENT_COMPOSER")}
	a.write([]byte("fakeagent ready\r\n\x1b[?2004h"))
	if a.composer != "" {
		a.write([]byte("\r\n› "))
	}
	if err := os.WriteFile(os.Args[1]+".ready", nil, 0o600); err != nil {
		a.exit(1)
	}
	go a.readInput()
	a.serve(ctl)
}

type agent struct {
	mu       sync.Mutex // serializes screen writes and the echo flag
	log      *os.File
	restore  func()
	echo     bool
	composer string // "", "take" or "keep" (see the package doc)
	typed    []byte // the composer's text
}

func (a *agent) write(b []byte) {
	a.mu.Lock()
	defer a.mu.Unlock()
	os.Stdout.Write(b)
}

func (a *agent) exit(code int) {
	a.mu.Lock()
	os.Stdout.WriteString("\x1b[?2004l")
	a.restore()
	os.Exit(code)
}

// readInput logs every byte the terminal delivers, unbuffered, and echoes a
// visible rendering of it.
func (a *agent) readInput() {
	buf := make([]byte, 4096)
	for {
		n, err := os.Stdin.Read(buf)
		if n > 0 {
			a.log.Write(buf[:n])
			a.mu.Lock()
			echo := a.echo
			a.mu.Unlock()
			if a.composer != "" {
				a.compose(buf[:n])
			} else if echo {
				a.write(visible(buf[:n]))
			}
		}
		if err != nil {
			a.exit(0)
		}
	}
}

// compose adds input to the composer row and redraws it; a CR submits.
func (a *agent) compose(in []byte) {
	in = bytes.ReplaceAll(bytes.ReplaceAll(in, []byte("\x1b[200~"), nil), []byte("\x1b[201~"), nil)
	for _, c := range in {
		switch {
		case c == '\r' && a.composer == "take":
			a.write([]byte("\r\x1b[2K● taken: " + string(a.typed) + "\r\n"))
			a.typed = a.typed[:0]
		case c >= 0x20 && c != 0x7f:
			a.typed = append(a.typed, c)
		}
	}
	a.write([]byte("\r\x1b[2K› " + string(a.typed)))
}

// visible renders input bytes for the screen: printable text as is, CR as a
// new line, other control bytes in caret notation.
func visible(in []byte) []byte {
	out := make([]byte, 0, len(in)*2)
	for _, c := range in {
		switch {
		case c == '\r':
			out = append(out, '\r', '\n')
		case c < 0x20 || c == 0x7f:
			out = append(out, '^', c^0x40)
		default:
			out = append(out, c)
		}
	}
	return out
}

func (a *agent) serve(ctl *os.File) {
	sc := bufio.NewScanner(ctl)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		verb, arg, _ := strings.Cut(sc.Text(), " ")
		switch verb {
		case "raw":
			if b, err := hex.DecodeString(arg); err == nil {
				a.write(b)
			}
		case "burst":
			n, _ := strconv.Atoi(arg)
			a.write(burst(n))
		case "echo":
			a.mu.Lock()
			a.echo = arg == "on"
			a.mu.Unlock()
		case "exit":
			code, _ := strconv.Atoi(arg)
			a.exit(code)
		}
	}
	a.exit(0)
}

// burst makes about n bytes of 256-colour and truecolor lines.
func burst(n int) []byte {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "\x1b[38;5;%dmline %d \x1b[38;2;%d;%d;200mthe quick brown fox jumps over the lazy dog\x1b[0m\r\n",
			i%256, i, i%256, (i*7)%256)
	}
	return []byte(b.String())
}
