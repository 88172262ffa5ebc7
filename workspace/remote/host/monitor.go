package host

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"amux.dev/amux/config"
	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/status/events"
	"amux.dev/amux/status/monitor"
	"amux.dev/amux/status/screenrules"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
)

// newMonitor is the status monitor a host runs for its own tmux server, as
// a local amux there would: it competes for the lease like any amux
// instance, so it publishes @amux_agent_state (and fires on-done hooks)
// only while no other amux on the host holds it, and defers to one that
// does. Either way its results tell the host when to read its sessions
// again.
func newMonitor(tc *tmux.Client, instance, home string, cfg config.Config, rules *screenrules.Live, eng *workspace.Engine) *monitor.Monitor {
	return monitor.New(monitor.Options{
		Client: tc, Instance: instance, Config: agentConfig(cfg),
		Rules: screenMatcher(rules), RulesGeneration: rules.Generation,
		HasComposer: func(assistant string) bool { return rules.Set().HasComposer(assistant) },
		History:     events.Open(filepath.Join(home, events.DirName)),
		RepairTap:   eng.RepairTap,
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
	})
}

// agentConfig is the classifier's timings from the host's config.json
// (the same conversion a local amux makes).
func agentConfig(cfg config.Config) agentstate.Config {
	c := agentstate.DefaultConfig()
	c.QuietAfter = time.Duration(cfg.Status.QuietAfterMs) * time.Millisecond
	c.DoneWindow = time.Duration(cfg.Status.DoneWindowMs) * time.Millisecond
	c.StartupGrace = time.Duration(cfg.Status.StartupGraceMs) * time.Millisecond
	c.ShortCommand = time.Duration(cfg.Status.ShortCommandMs) * time.Millisecond
	return c
}

// screenMatcher is the monitor's view of the host's live screen rules.
func screenMatcher(live *screenrules.Live) monitor.ScreenMatcher {
	return func(assistant string, rows []string) *agentstate.ScreenVerdict {
		v, ok := live.Match(assistant, rows)
		if !ok {
			return nil
		}
		return &agentstate.ScreenVerdict{State: agentstate.State(v.State), Kind: v.Kind, Rule: v.Rule,
			Evidence: v.Evidence, Reason: v.Reason, Gate: v.Gate}
	}
}
