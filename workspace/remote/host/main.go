// Package host is the side of a remote host that runs there: `amux
// --internal-host`, started by the client's ssh, serves the protocol of
// package proto on its stdin and stdout over a real *workspace.Engine on the
// host's own state home, private tmux server and registries — exactly what
// a local amux on that host keeps, so a person who logs in there and runs
// amux sees the same workspaces.
package host

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"amux.dev/amux/config"
	"amux.dev/amux/config/logfile"
	"amux.dev/amux/git"
	"amux.dev/amux/ports"
	"amux.dev/amux/status"
	"amux.dev/amux/status/screenrules"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
)

// Verb is the hidden verb that serves the protocol on stdio. The client
// builds the ssh command line with it, so both sides name it here.
const Verb = "--internal-host"

// Main runs the host side until the client goes away (stdin closes) or a
// signal ends it, and returns the exit code. version is this binary's amux
// version, compared with the client's in the hellos.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer, version string) int {
	if len(args) != 0 {
		fmt.Fprintf(stderr, "amux %s: takes no arguments\n", Verb)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT)
	defer stop()
	srv, closeAll, err := NewFromEnv(ctx, os.Getenv, version)
	if err != nil {
		// The client has not spoken yet: a refusal it can read says why.
		_ = refuse(stdout, err.Error())
		fmt.Fprintln(stderr, "amux:", err)
		return 1
	}
	defer closeAll()
	if err := srv.Serve(ctx, stdin, stdout); err != nil && !errors.Is(err, io.EOF) && ctx.Err() == nil {
		srv.log.Warn("remote host connection ended", "err", err.Error())
		fmt.Fprintln(stderr, "amux:", err)
		return 1
	}
	return 0
}

// NewFromEnv builds the host's server the way a local start builds its
// engine: the state home, config.json, the log, the tmux server the
// environment and config choose, the port registry, the status tap.
func NewFromEnv(ctx context.Context, getenv func(string) string, version string) (*Server, func(), error) {
	home, err := config.StateHome(getenv)
	if err != nil {
		return nil, nil, err
	}
	cfg, warn := config.Load(home)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	closeLog := func() {}
	if f, err := logfile.Open(home, logfile.Options{Level: slog.LevelInfo}); err == nil {
		log, closeLog = f.Logger(), func() { _ = f.Close() }
	}
	if warn != nil {
		log.Warn("configuration", "warning", warn.Error())
	}
	srv := tmux.ResolveConfiguredServer(getenv, cfg.UI.TmuxServer, cfg.UI.TmuxConfig)
	tc := tmux.New(srv)
	vctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if _, err := tc.CheckVersion(vctx); err != nil {
		closeLog()
		return nil, nil, err
	}
	bin, err := os.Executable()
	if err != nil {
		closeLog()
		return nil, nil, fmt.Errorf("cannot find the amux binary: %w", err)
	}
	reg, err := ports.New(home, ports.Settings{Start: cfg.Ports.Start, End: cfg.Ports.End, Size: cfg.Ports.Size},
		workspace.AdoptionProbe(tc, home))
	if err != nil {
		closeLog()
		return nil, nil, err
	}
	if _, err := reg.Adopt(vctx); err != nil {
		log.Warn("port registry", "err", err.Error())
	}
	rules := screenrules.NewLive(home)
	instance := workspace.NewInstanceID(home)
	eng, err := workspace.New(workspace.Options{
		Home: home, Git: git.New(git.OptionsFromEnv(getenv)), Tmux: tc, Ports: reg,
		AmuxBin: bin, Instance: instance,
		InstallTap: func(ctx context.Context, paneID string) error {
			return status.InstallTap(ctx, tc, bin, paneID)
		},
		Composer:     composer(rules),
		NoShellMarks: !cfg.Status.ShellMarks,
		Environ:      tmux.MergeEnv(os.Environ(), srv.Env()),
		Logger:       log,
	})
	if err != nil {
		closeLog()
		return nil, nil, err
	}
	s := &Server{Engine: eng, Tmux: tc, Home: home, Version: version, log: log,
		Monitor: newMonitor(tc, instance, home, cfg, rules, eng)}
	// The rules follow the host's files while it serves, as a local
	// amux's do, and a reload wakes the monitor (asleep while its agents
	// are still) to match them now.
	rctx, stopRules := context.WithCancel(context.Background())
	go func() { _ = rules.Watch(rctx, s.Monitor.Wake) }()
	return s, func() { stopRules(); closeLog() }, nil
}

// composer reads an agent's composer through the host's screen rules, so
// a delivery is confirmed there as it is locally.
func composer(live *screenrules.Live) workspace.ComposerReader {
	return func(assistant string, screen []string) workspace.ComposerView {
		set := live.Set()
		c, ok := set.Composer(assistant, screen)
		v, _ := set.Match(assistant, screen)
		return workspace.ComposerView{Ruled: set.HasComposer(assistant), Found: ok, Text: c.Text, Empty: c.Empty,
			Queued: c.Queued, State: v.State}
	}
}
