package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"amux.dev/amux/ui/termview"
)

// echoChars are typed for latency samples: two-byte UTF-8 letters, which
// no escape sequence contains, so the plain client's raw output can be
// searched for them.
const echoChars = "éèêëàâîïôûüç"

// lineLimit is how many characters are typed on a line before Enter.
const lineLimit = 120

type runner struct {
	cfg    config
	b      *bench
	prog   *tea.Program
	agents []*agent
	terms  []*termview.Terminal
	typed  map[int]int // characters typed on the current line, per view
	next   int         // index into echoChars
}

func run(cfg config) (*report, error) {
	b, err := newBench(cfg.width, cfg.height)
	if err != nil {
		return nil, err
	}
	defer b.close()
	r := &runner{cfg: cfg, b: b, typed: map[int]int{}}
	rep := &report{cfg: cfg}

	// One view first: RSS with 1 view, then idle echo latency.
	if err := r.addViews(1); err != nil {
		return nil, err
	}
	r.prog = tea.NewProgram(&root{}, tea.WithInput(nil), tea.WithOutput(io.Discard),
		tea.WithWindowSize(2*cfg.width, cfg.height), tea.WithFPS(cfg.fps),
		tea.WithColorProfile(colorprofile.TrueColor), tea.WithoutSignalHandler())
	go func() { _, _ = r.prog.Run() }()
	defer r.prog.Kill()
	for i := range r.terms {
		r.attachToProgram(i)
	}
	r.layout([]int{0}, 0)
	if err := r.waitText(0, "fakeagent ready"); err != nil {
		return nil, err
	}
	rep.rss1 = r.rss()
	rep.heap1 = r.heapNote()
	if err := r.idleLatency(rep); err != nil {
		return nil, err
	}

	// Five views: view 1 floods, view 0 is typed into, both on screen.
	if err := r.addViews(4); err != nil {
		return nil, err
	}
	for i := 1; i < len(r.terms); i++ {
		r.attachToProgram(i)
		if err := r.waitText(i, "fakeagent ready"); err != nil {
			return nil, err
		}
	}
	r.layout([]int{0, 1}, 0)
	rep.rss5 = r.rss()
	idle0, idleStart := selfCPU(), time.Now()
	time.Sleep(10 * time.Second)
	rep.idleCPU = float64(selfCPU()-idle0) / float64(time.Since(idleStart))
	rep.heap5 = r.heapNote()
	if r.cfg.profile != "" {
		f, err := os.Create(r.cfg.profile)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return nil, err
		}
		defer pprof.StopCPUProfile()
	}
	for n := range 3 {
		f, err := r.flood(n, n > 0)
		if err != nil {
			return nil, err
		}
		rep.floods = append(rep.floods, f)
	}
	rep.rss5After = r.rss()
	rep.heap5After = r.heapNote()
	if r.cfg.memprofile != "" {
		f, err := os.Create(r.cfg.memprofile)
		if err != nil {
			return nil, err
		}
		_ = pprof.WriteHeapProfile(f)
		f.Close()
	}

	if err := r.addViews(5); err != nil {
		return nil, err
	}
	for i := 5; i < len(r.terms); i++ {
		r.attachToProgram(i)
		if err := r.waitText(i, "fakeagent ready"); err != nil {
			return nil, err
		}
	}
	rep.rss10 = r.rss()
	rep.heap10 = r.heapNote()
	return rep, nil
}

// addViews starts n more fake agents and attaches a Terminal to each.
func (r *runner) addViews(n int) error {
	for range n {
		i := len(r.agents)
		a, err := r.b.startAgent(fmt.Sprintf("bench-%d", i))
		if err != nil {
			return err
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		t, err := termview.Attach(ctx, r.b.tm, a.session, termview.Options{
			Width: r.cfg.width, Height: r.cfg.height, FrameInterval: time.Second / time.Duration(r.cfg.fps),
			SustainedRate: r.cfg.sustained, FrameBurst: r.cfg.burst})
		cancel()
		if err != nil {
			return err
		}
		r.agents = append(r.agents, a)
		r.terms = append(r.terms, t)
	}
	return nil
}

func (r *runner) attachToProgram(i int) {
	done := make(chan int, 1)
	r.prog.Send(addViewMsg{term: r.terms[i], done: done})
	<-done
}

func (r *runner) layout(visible []int, focused int) {
	done := make(chan struct{})
	r.prog.Send(layoutMsg{visible: visible, focused: focused, done: done})
	<-done
}

func (r *runner) waitText(view int, text string) error {
	done := make(chan struct{})
	r.prog.Send(waitTextMsg{view: view, text: text, done: done})
	select {
	case <-done:
		return nil
	case <-time.After(30 * time.Second):
		return fmt.Errorf("view %d never showed %q", view, text)
	}
}

// echoOurs types one character into a view and times its echo.
func (r *runner) echoOurs(view int, timeout time.Duration) (time.Duration, error) {
	if r.typed[view] >= lineLimit {
		done := make(chan struct{})
		r.prog.Send(enterMsg{view: view, done: done})
		select {
		case <-done:
		case <-time.After(timeout):
			return 0, fmt.Errorf("view %d: Enter not echoed", view)
		}
		r.typed[view] = 0
	}
	c := r.char()
	done := make(chan time.Duration, 1)
	r.prog.Send(typeMsg{view: view, r: c, sent: time.Now(), done: done})
	r.typed[view]++
	select {
	case d := <-done:
		return d, nil
	case <-time.After(timeout):
		return 0, fmt.Errorf("view %d: %q not echoed within %v", view, c, timeout)
	}
}

func (r *runner) char() rune {
	rs := []rune(echoChars)
	c := rs[r.next%len(rs)]
	r.next++
	return c
}

// pause spaces keystrokes like brisk typing (about ten a second), off any
// frame boundary.
func (r *runner) pause(i int) { time.Sleep(time.Duration(90+i%23) * time.Millisecond) }

// rss reads this process's RSS after the configured idle spell, so that it
// shows the steady state rather than garbage the collector has yet to find.
func (r *runner) rss() float64 {
	time.Sleep(r.cfg.settle)
	return rssMB()
}

func (r *runner) heapNote() string {
	if !r.cfg.heap {
		return ""
	}
	return heapNote()
}
