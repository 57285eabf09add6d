"""What ran on the GPU (or the CPU) and where did it come from? Each kernel to its launch, op, region, module and source; kernels per step; FLOPs, bytes, memory."""
