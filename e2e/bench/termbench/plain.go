package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"

	"github.com/creack/pty"

	"amux.dev/amux/tmux"
)

// plainClient is a plain `tmux attach` on its own PTY, the baseline: its
// output is read raw, nothing is emulated or rendered.
type plainClient struct {
	cmd  *exec.Cmd
	ptmx *os.File
	mu   sync.Mutex
	want []byte
	tail []byte
	seen chan time.Time
}

func startPlain(b *bench, session string) (*plainClient, error) {
	cmd := b.tm.Command(context.Background(), "attach-session", "-t", tmux.ExactSession(session))
	cmd.Env = append(os.Environ(), "TERM=xterm-256color", "TMUX=")
	ptmx, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: uint16(b.width), Rows: uint16(b.height)})
	if err != nil {
		return nil, err
	}
	p := &plainClient{cmd: cmd, ptmx: ptmx, seen: make(chan time.Time, 1)}
	go p.read()
	return p, nil
}

func (p *plainClient) read() {
	buf := make([]byte, 32<<10)
	for {
		n, err := p.ptmx.Read(buf)
		if n > 0 {
			now := time.Now()
			p.mu.Lock()
			if p.want != nil {
				data := append(p.tail, buf[:n]...)
				if bytes.Contains(data, p.want) {
					p.want = nil
					p.seen <- now
				} else {
					p.tail = append(p.tail[:0], data[max(len(data)-len(p.want)+1, 0):]...)
				}
			}
			p.mu.Unlock()
		}
		if err != nil {
			return
		}
	}
}

// echo types r and returns how long until the client's output carried it.
func (p *plainClient) echo(r rune) (time.Duration, error) {
	s := string(r)
	p.mu.Lock()
	p.want, p.tail = []byte(s), p.tail[:0]
	p.mu.Unlock()
	start := time.Now()
	if _, err := io.WriteString(p.ptmx, s); err != nil {
		return 0, err
	}
	select {
	case at := <-p.seen:
		return at.Sub(start), nil
	case <-time.After(5 * time.Second):
		return 0, fmt.Errorf("plain client: no echo of %q", s)
	}
}

func (p *plainClient) close() {
	_ = p.cmd.Process.Kill()
	_ = p.cmd.Wait()
	p.ptmx.Close()
}

// drainMain is the -drain mode: a plain client in its own process that reads
// and discards everything, so the baseline's flood cost stays out of ours.
func drainMain(server, session string, width, height int) {
	b := &bench{tm: tmux.New(tmux.Server{Name: server, Config: tmux.DefaultConfigPath}), width: width, height: height}
	p, err := startPlain(b, session)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	_, _ = io.Copy(io.Discard, p.ptmx)
}

// startDrainer runs drainMain in a child process.
func startDrainer(b *bench, session string) (*exec.Cmd, error) {
	cmd := exec.Command(os.Args[0], "-drain", session, "-server", b.tm.Server().Name,
		"-width", fmt.Sprint(b.width), "-height", fmt.Sprint(b.height))
	cmd.Stderr = os.Stderr
	return cmd, cmd.Start()
}
