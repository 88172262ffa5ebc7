// Package app is amux's root Bubble Tea model: focus, layout, routing and
// the action table, with owners of their own state (tabs, the sidebar,
// Settings here; the lifecycle flows in app/lifecycle, review and land in
// app/review) and modals (app/modal) that answer with an outcome the root
// applies; the dialogs that need no owner are app/dialogs'. The agent-state loop is status/monitor's;
// the work is the workspace services'. Run wires the real dependencies;
// tests build a Model with their own.
package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"

	"amux.dev/amux/app/lifecycle"
	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/paint"
	"amux.dev/amux/app/review"
	"amux.dev/amux/config"
	"amux.dev/amux/config/logfile"
	"amux.dev/amux/git"
	"amux.dev/amux/ports"
	"amux.dev/amux/status"
	"amux.dev/amux/status/events"
	"amux.dev/amux/status/screenrules"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/screen"
	"amux.dev/amux/ui/theme"
	"amux.dev/amux/workspace"
)

// Run starts the TUI on the given terminal and blocks until it quits. amux
// owns the output side (ui/screen): Bubble Tea runs the messages, Update and
// the commands, without its renderer and its fixed-rate ticker; the screen
// reads the terminal's input and hands it to the program, and View draws on
// the screen when something changed. The terminal is restored on every way
// out: quit, a signal (SIGTERM, SIGHUP, SIGINT), a panic Bubble Tea caught.
// version is this build's: the configured hosts must run the same.
func Run(in, out *os.File, version string) error {
	deps, err := NewDeps(os.Getenv)
	if err != nil {
		return err
	}
	deps.Version = version
	f, ferr := startFleet(os.Getenv, deps.StateHome, version, deps.AmuxBin, deps.Config.Hosts)
	if f != nil {
		deps.Fleet = f
		defer f.Close()
	}
	deps.StartupWarning = errors.Join(deps.StartupWarning, ferr)
	m := New(deps)
	if deps.closeLog != nil {
		defer deps.closeLog()
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel() // stops the monitor, which gives up its lease
	if release, err := screen.CaptureStderr(); err == nil {
		defer release() // after the screen is restored: a panic report shows
	}
	scr, err := screen.Open(in, out, screen.Options{})
	if err != nil {
		return err
	}
	defer scr.Close()
	m.scr = scr
	w, h, err := scr.Size()
	if err != nil {
		return err
	}
	opts := []tea.ProgramOption{
		tea.WithInput(nil), tea.WithOutput(scr), tea.WithoutRenderer(),
		// Bubble Tea's ticker still runs without its renderer: at its
		// slowest it only flushes writes (the bell, the clipboard) once a
		// second.
		tea.WithFPS(1),
		tea.WithoutSignalHandler(), tea.WithWindowSize(w, h), tea.WithColorProfile(scr.Profile()),
	}
	p := tea.NewProgram(m, append(opts, testBuildOptions()...)...)
	if err := scr.Listen(func(ev uv.Event) { p.Send(ev) }); err != nil {
		return err
	}
	// The background starts processes (the monitor's tmux client, and with
	// it maybe the tmux server): only once Listen has made every descriptor
	// close-on-exec, so none of them inherits one.
	m.StartBackground(ctx)
	defer quitOnSignals(p)()
	if _, err = p.Run(); err == nil && m.restartRequested {
		return &RestartError{Bin: deps.AmuxBin}
	}
	return err
}

// quitOnSignals quits the program on SIGTERM, SIGHUP or SIGINT as if the
// person had quit, so that the terminal is restored; a second signal kills
// it without waiting. The returned function stops listening.
func quitOnSignals(p *tea.Program) (stop func()) {
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT)
	done := make(chan struct{})
	go func() {
		select {
		case <-sig:
			p.Quit()
		case <-done:
			return
		}
		select {
		case <-sig:
			p.Kill()
		case <-done:
		}
	}()
	return func() {
		signal.Stop(sig)
		close(done)
	}
}

// New builds the root model.
func New(deps Deps) *Model {
	if deps.Now == nil {
		deps.Now = time.Now
	}
	th, err := theme.Lookup(deps.Config, deps.Config.UI.Theme)
	rows, kerr := remapRows(actionRows(), deps.Config.Keys)
	m := &Model{
		deps: deps,
		th:   th,
		reg:  keys.MustRegistry(registryOf(rows)...),
		acts: newActions(rows),
		km:   keys.MustRegistry(registryOf(rows)...).Map(),
		spin: spinner.New(spinner.WithSpinner(spinner.MiniDot)),
	}
	m.remote = newRemoteOwner(deps)
	m.list = newListOwner(listDeps{life: deps.Lifecycle, sessions: deps.Sessions, status: deps.Status, views: deps.Views,
		km: m.km, reg: m.reg, zone: deps.Zone, route: m.remote.route})
	m.life = lifecycle.New(lifecycle.Deps{Life: deps.Lifecycle, Trust: deps.Trust, Theme: th, Keys: m.km, Registry: m.reg,
		Home: deps.Home, Cwd: deps.Cwd, Status: actStatus, ApproveScripts: actApproveScripts, Route: m.remote.route.lifecycle})
	m.side = newSidebar(sideDeps{status: deps.Status, review: deps.Review, sessions: deps.Sessions, tmux: deps.Tmux, th: th, km: m.km,
		route: m.remote.route})
	m.review = review.New(review.Deps{Review: deps.Review, Keys: m.km, Registry: m.reg, ToggleSidebar: actToggleSidebar,
		Route: m.remote.route.review})
	m.settings = settingsOwner{km: m.km, home: deps.StateHome}
	m.watch = newSuperviseOwner(deps, m.keyName(actHealth))
	m.tabs = newTabsOwner(tabsDeps{sessions: deps.Sessions, tmux: deps.Tmux, route: m.remote.route, mon: m.watch.mon, rules: deps.Rules,
		liveTabs: deps.LiveTabs, km: m.km, now: deps.Now})
	if warn := errors.Join(deps.StartupWarning, err, kerr); warn != nil {
		m.notice = notice{text: paint.NoticeLine(warn.Error()), level: modal.LevelWarn}
		if kerr != nil && deps.Log != nil {
			deps.Log.Warn("keys section of config.json", "err", kerr.Error())
		}
	}
	return m
}

// NewDeps resolves the state home, config, tmux server and engine the way
// a real start does.
func NewDeps(getenv func(string) string) (Deps, error) {
	home, err := config.StateHome(getenv)
	if err != nil {
		return Deps{}, err
	}
	cfg, warn := config.Load(home)
	logPath, logger, closeLog, lerr := openLog(home)
	if lerr != nil {
		warn = errors.Join(warn, lerr)
	}
	if warn != nil {
		logger.Warn("configuration", "warning", warn.Error())
	}
	srv := tmux.ResolveConfiguredServer(getenv, cfg.UI.TmuxServer, cfg.UI.TmuxConfig)
	tc := tmux.New(srv)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := tc.CheckVersion(ctx); err != nil {
		return Deps{}, err
	}
	bin, err := os.Executable()
	if err != nil {
		return Deps{}, fmt.Errorf("cannot find the amux binary: %w", err)
	}
	instance := workspace.NewInstanceID(home)
	reg, err := ports.New(home, portSettings(cfg.Ports), workspace.AdoptionProbe(tc, home))
	if err != nil {
		return Deps{}, err
	}
	tap := func(ctx context.Context, paneID string) error { return status.InstallTap(ctx, tc, bin, paneID) }
	rules := screenrules.NewLive(home)
	eng, err := workspace.New(workspace.Options{
		Home:         home,
		Git:          git.New(git.OptionsFromEnv(getenv)),
		Tmux:         tc,
		Ports:        reg,
		AmuxBin:      bin,
		Instance:     instance,
		InstallTap:   tap,
		Composer:     composerReader(rules),
		NoShellMarks: !cfg.Status.ShellMarks,
		// Scripts that call `amux wait` resolve the server amux uses.
		Environ: tmux.MergeEnv(os.Environ(), srv.Env()),
		Logger:  logger,
	})
	if err != nil {
		return Deps{}, err
	}
	// First-upgrade adoption runs whatever config said: it decides whether
	// the registry may be created (or is deferred while sessions of a
	// pre-registry amux might hold ranges it cannot see). Every warning is
	// shown, one notice row.
	if ad, err := reg.Adopt(ctx); err != nil {
		warn = errors.Join(warn, fmt.Errorf("port registry: %w", err))
	} else if ad.Warning != "" {
		warn = errors.Join(warn, errors.New(ad.Warning))
	}
	if rerr := rulesWarning(rules); rerr != nil {
		warn = errors.Join(warn, fmt.Errorf("screen rules: %w", rerr))
	}
	userHome := getenv("HOME")
	if userHome == "" {
		userHome, _ = os.UserHomeDir()
	}
	cwd, _ := os.Getwd()
	deps := Deps{
		Config: cfg, StartupWarning: warn, Tmux: tc,
		Home: userHome, Cwd: cwd, Now: time.Now, OuterTmux: getenv("TMUX") != "", Instance: instance, StateHome: home, AmuxBin: bin,
		ScreenRules: screenMatcher(rules), Rules: rules,
		History: events.Open(filepath.Join(home, events.DirName)),
		Ports:   reg, LogPath: logPath, Log: logger, closeLog: closeLog,
		OnDone: func(ctx context.Context, id string) error {
			ch, err := eng.RunOnDone(ctx, id)
			if err != nil || ch == nil {
				return err
			}
			if r := <-ch; r.Failed >= 0 {
				return fmt.Errorf("on-done hook of %s exited %d (output in %s)", id, r.ExitCode, r.Output)
			}
			return nil
		},
	}
	deps.useEngine(eng)
	return deps, nil
}

// openLog opens amux's log under the state home. Without it amux runs on,
// logging nowhere, and says why once.
func openLog(home string) (path string, log *slog.Logger, closeLog func(), err error) {
	f, err := logfile.Open(home, logfile.Options{Level: slog.LevelInfo})
	if err != nil {
		return "", slog.New(slog.NewTextHandler(io.Discard, nil)), nil, fmt.Errorf("no log file: %w", err)
	}
	return f.Path(), f.Logger(), func() { _ = f.Close() }, nil
}

// RestartError is what Run returns when the person asked to restart amux
// after installing a new binary: main runs Bin — the installed path — in
// place of this process.
type RestartError struct{ Bin string }

// Error implements error.
func (e *RestartError) Error() string { return "restart " + e.Bin }
