import torch
def f(a, b, c):
    return a * b + c
def g(x):
    y = x.sin()
    torch._dynamo.graph_break()
    return y.cos() + 1
cf = torch.compile(f)
cg = torch.compile(g)
a, b, c = (torch.randn(256, 256) for _ in range(3))
with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CPU], record_shapes=True) as prof:
    for i in range(3):
        with torch.profiler.record_function(f"## step {i} ##"):
            cf(a, b, c)
    for i in range(2):
        cg(a)
    cf(torch.randn(64, 64), torch.randn(64, 64), torch.randn(64, 64))  # recompile (dynamic)
prof.export_chrome_trace("compile_graph_break.json")  # then: gzip -9
