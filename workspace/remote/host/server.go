package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"amux.dev/amux/status/monitor"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
	"amux.dev/amux/workspace/remote/proto"
)

// Server serves one client connection over an engine. Build it with
// NewFromEnv (the real start) or fill the fields (tests).
type Server struct {
	Engine  *workspace.Engine
	Tmux    *tmux.Client // the host's private server, read for session state
	Home    string       // the state home, named in the hello
	Version string       // this binary's amux version
	// Monitor is the status monitor for the host's server (nil: none):
	// Serve runs it, and its results are one of the signals to read the
	// sessions again (see push.go).
	Monitor *monitor.Monitor
	// SafetyNet is how often everything is read again when nothing said
	// it changed (zero: DefaultSafetyNet). Nothing polls over SSH.
	SafetyNet time.Duration

	log     *slog.Logger
	reads   atomic.Int64 // reads of the sessions, for tests
	monRes  <-chan monitor.Result
	monDone chan struct{}
}

// conn is one served connection.
type conn struct {
	s   *Server
	out *proto.Writer
	ctx context.Context
	ops map[string]handler

	mu      sync.Mutex
	cancels map[uint64]context.CancelFunc // requests in flight
	watches map[uint64]workspace.ChangeWatch
	nextW   uint64

	nudge    chan struct{} // a request finished: read state again now
	handlers sync.WaitGroup
}

// Serve speaks the protocol on in and out until in ends (the client or
// its ssh went away: io.EOF) or ctx does.
func (s *Server) Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	if s.log == nil {
		s.log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	w := proto.NewWriter(out)
	var server string
	if s.Tmux != nil {
		server = s.Tmux.Server().Name
	}
	if err := w.Write(proto.Message{Type: proto.TypeHello, Hello: &proto.Hello{
		Proto: proto.Version, Amux: s.Version, OS: runtime.GOOS, Arch: runtime.GOARCH, Home: s.Home,
		Server: server}}); err != nil {
		return err
	}
	rd := proto.NewReader(in, proto.MaxClientLine)
	first, err := rd.Read()
	if err != nil {
		return err
	}
	if first.Type != proto.TypeHello || first.Hello == nil {
		_ = w.Write(proto.Message{Type: proto.TypeRefuse, Text: "expected a hello"})
		return errors.New("client did not say hello")
	}
	if h := first.Hello; h.Proto != proto.Version || h.Amux != s.Version {
		why := fmt.Sprintf("this host runs amux %s (protocol %d); the client is amux %s (protocol %d)",
			s.Version, proto.Version, h.Amux, h.Proto)
		_ = w.Write(proto.Message{Type: proto.TypeRefuse, Text: why})
		return errors.New(why)
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	c := &conn{s: s, out: w, ctx: ctx, ops: opsFor(s.Engine), cancels: map[uint64]context.CancelFunc{},
		watches: map[uint64]workspace.ChangeWatch{}, nudge: make(chan struct{}, 1)}
	defer c.closeWatches()

	st := newState(s)
	snap, err := st.snapshot(ctx)
	if err != nil {
		_ = w.Write(proto.Message{Type: proto.TypeRefuse, Text: "cannot read the host's state: " + err.Error()})
		return err
	}
	if err := w.Write(proto.Message{Type: proto.TypeSnapshot, Snapshot: snap}); err != nil {
		return err
	}
	s.startMonitor(ctx)
	pushDone := make(chan struct{})
	go func() { defer close(pushDone); st.push(ctx, c) }()

	err = c.readLoop(rd)
	cancel()
	c.handlers.Wait()
	<-pushDone
	if s.monDone != nil {
		<-s.monDone // the lease is given up before the process ends
	}
	return err
}

// startMonitor runs the monitor until ctx ends (it then releases the
// lease, so another amux on the host takes over at once).
func (s *Server) startMonitor(ctx context.Context) {
	if s.Monitor == nil {
		return
	}
	s.monRes, s.monDone = s.Monitor.Results(), make(chan struct{})
	go func() { defer close(s.monDone); s.Monitor.Run(ctx) }()
}

// results is the monitor's results (nil without one).
func (s *Server) results() <-chan monitor.Result { return s.monRes }

func (c *conn) readLoop(rd *proto.Reader) error {
	for {
		m, err := rd.Read()
		if err != nil {
			return err
		}
		switch m.Type {
		case proto.TypeRequest:
			c.start(m)
		case proto.TypeCancel:
			c.mu.Lock()
			if cancel := c.cancels[m.ID]; cancel != nil {
				cancel()
			}
			c.mu.Unlock()
		default:
			// An unknown message from a client of the same version is a bug
			// there; ignoring it keeps the connection.
			c.s.log.Warn("remote host: unexpected message", "type", m.Type)
		}
	}
}

// start runs a request in its own goroutine: a slow create must not hold
// up a diff.
func (c *conn) start(m proto.Message) {
	ctx, cancel := context.WithCancel(c.ctx)
	c.mu.Lock()
	c.cancels[m.ID] = cancel
	c.mu.Unlock()
	c.handlers.Add(1)
	go func() {
		defer c.handlers.Done()
		res, err := c.handle(ctx, m)
		c.mu.Lock()
		delete(c.cancels, m.ID)
		c.mu.Unlock()
		cancel()
		reply := proto.Message{Type: proto.TypeReply, ID: m.ID, Err: proto.EncodeError(err)}
		if err == nil && res != nil {
			b, merr := json.Marshal(res)
			if merr != nil {
				reply.Err = proto.EncodeError(merr)
			} else {
				reply.Result = b
			}
		}
		_ = c.out.Write(reply)
		select {
		case c.nudge <- struct{}{}:
		default:
		}
	}()
}

func (c *conn) handle(ctx context.Context, m proto.Message) (res any, err error) {
	defer func() {
		if r := recover(); r != nil {
			// One bad request must not end the host for every other one.
			err = fmt.Errorf("remote host: %s failed: %v", m.Op, r)
		}
	}()
	h, ok := c.ops[m.Op]
	if !ok {
		return nil, fmt.Errorf("remote host: no operation %q", m.Op)
	}
	return h(ctx, c, m)
}

// observer streams an operation's steps back as TypeStep messages.
func (c *conn) observer(id uint64) workspace.Observer {
	return func(op, step, ws string) {
		_ = c.out.Write(proto.Message{Type: proto.TypeStep, ID: id, Step: &proto.Step{Op: op, Step: step, ID: ws}})
	}
}

// output streams script output back as TypeOutput messages, when the
// request asked for it.
func (c *conn) output(m proto.Message) io.Writer {
	if !m.Out {
		return nil
	}
	return outputWriter{c: c, id: m.ID}
}

type outputWriter struct {
	c  *conn
	id uint64
}

// maxChunk bounds one output message; a longer write goes in several.
const maxChunk = 32 << 10

func (o outputWriter) Write(p []byte) (int, error) {
	for rest := p; len(rest) > 0; {
		n := min(len(rest), maxChunk)
		if err := o.c.out.Write(proto.Message{Type: proto.TypeOutput, ID: o.id, Text: string(rest[:n])}); err != nil {
			return len(p) - len(rest), err
		}
		rest = rest[n:]
	}
	return len(p), nil
}

// watch starts forwarding a ChangeWatch's signals; the watch lives until
// the client closes it (Unwatch) or the connection ends.
func (c *conn) watch(w workspace.ChangeWatch) uint64 {
	c.mu.Lock()
	c.nextW++
	id := c.nextW
	c.watches[id] = w
	c.mu.Unlock()
	go func() {
		for range w.Changed() {
			_ = c.out.Write(proto.Message{Type: proto.TypeChanged, Watch: id})
		}
	}()
	return id
}

func (c *conn) unwatch(id uint64) {
	c.mu.Lock()
	w := c.watches[id]
	delete(c.watches, id)
	c.mu.Unlock()
	if w != nil {
		w.Close()
	}
}

func (c *conn) closeWatches() {
	c.mu.Lock()
	ws := c.watches
	c.watches = map[uint64]workspace.ChangeWatch{}
	c.mu.Unlock()
	for _, w := range ws {
		w.Close()
	}
}

// refuse writes a hello-time refusal to a client (the host could not
// start), so the client shows the host's reason rather than a dead pipe.
func refuse(out io.Writer, why string) error {
	return proto.NewWriter(out).Write(proto.Message{Type: proto.TypeRefuse, Text: why})
}
