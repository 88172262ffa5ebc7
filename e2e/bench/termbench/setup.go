package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"

	"amux.dev/amux/tmux"
)

// bench owns the private tmux server and the fake agents of one run.
type bench struct {
	dir    string
	agent  string // fakeagent binary
	tm     *tmux.Client
	width  int
	height int
}

func newBench(width, height int) (*bench, error) {
	dir, err := os.MkdirTemp("", "termbench-")
	if err != nil {
		return nil, err
	}
	b := &bench{dir: dir, agent: filepath.Join(dir, "fakeagent"), width: width, height: height}
	cmd := exec.Command("go", "build", "-o", b.agent, "amux.dev/amux/e2e/fakeagent")
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("build fakeagent: %v\n%s", err, out)
	}
	name := make([]byte, 6)
	_, _ = rand.Read(name)
	b.tm = tmux.New(tmux.Server{Name: "amux-bench-" + hex.EncodeToString(name), Config: tmux.DefaultConfigPath})
	return b, nil
}

func (b *bench) close() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, _ = b.tm.Run(ctx, "kill-server")
	os.RemoveAll(b.dir)
}

// agent is a fake agent running in its own session.
type agent struct {
	session string
	ctl     string
}

// startAgent starts a fake agent in a new session of the bench size with no
// status line, so the pane is exactly width×height.
func (b *bench) startAgent(name string) (*agent, error) {
	a := &agent{session: name, ctl: filepath.Join(b.dir, name+".ctl")}
	logPath := filepath.Join(b.dir, name+".log")
	if err := syscall.Mkfifo(a.ctl, 0o600); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	spec := tmux.SessionSpec{Name: name, Command: []string{b.agent, logPath, a.ctl}, Width: b.width, Height: b.height}
	if _, err := tmux.NewSession(ctx, b.tm, spec); err != nil {
		return nil, err
	}
	if _, err := b.tm.Run(ctx, "set-option", "-t", name, "status", "off"); err != nil {
		return nil, err
	}
	for {
		if _, err := os.Stat(logPath + ".ready"); err == nil {
			return a, nil
		}
		if ctx.Err() != nil {
			return nil, fmt.Errorf("agent %s never became ready", name)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// send writes one control line to the agent.
func (a *agent) send(line string) error {
	f, err := os.OpenFile(a.ctl, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteString(line + "\n")
	return err
}

// print makes the agent print s.
func (a *agent) print(s string) error { return a.send("raw " + hex.EncodeToString([]byte(s))) }

// clientPIDs lists the pids of the tmux clients attached to a session.
func (b *bench) clientPIDs(session string) []int {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	out, err := b.tm.Run(ctx, "list-clients", "-t", tmux.ExactSession(session), "-F", "#{client_pid}")
	if err != nil {
		return nil
	}
	var pids []int
	for _, f := range splitFields(out) {
		var pid int
		if _, err := fmt.Sscan(f, &pid); err == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}

// serverPID is the tmux server's pid.
func (b *bench) serverPID() int {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	out, err := b.tm.Run(ctx, "display-message", "-p", "#{pid}")
	if err != nil {
		return 0
	}
	var pid int
	fmt.Sscan(out, &pid)
	return pid
}
