// The timed run of the code-quality suite: appended to kernels.mlir
// (inside its module) by codegen.sh for the host target, and by
// scripts/gpu-check.sh for NVIDIA GPUs, against cuda-main.cu there. It
// launches each kernel on inputs of the sizes kernels-omp.c uses, in
// memory from gpu.alloc, and prints "<kernel> <best seconds>" over five
// runs. The launches are those a GPU program makes: 256-thread
// blocks, 16x16 for matmul, 32x8 for the stencil, 32x32 for transpose,
// one block per row for rowmax, one thread per row for gemv, one thread
// per four bytes for i8dot.
  func.func private @rtclock() -> f64

  func.func @fill(%m: memref<?xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    scf.for %i = %c0 to %n step %c1 {
      %r = arith.remui %i, %c7 : index
      %ri = arith.index_cast %r : index to i32
      %f = arith.sitofp %ri : i32 to f32
      %s = arith.constant 0.125 : f32
      %v = arith.mulf %f, %s : f32
      memref.store %v, %m[%i] : memref<?xf32>
    }
    return
  }

  // A copy of %m in memory kernels take: device memory on a GPU.
  func.func @device(%m: memref<?xf32>) -> memref<?xf32> {
    %c0 = arith.constant 0 : index
    %n = memref.dim %m, %c0 : memref<?xf32>
    %d = gpu.alloc(%n) : memref<?xf32>
    gpu.memcpy %d, %m : memref<?xf32>, memref<?xf32>
    return %d : memref<?xf32>
  }

  // The 2-D view of a flat buffer of n * n floats.
  func.func @square(%m: memref<?xf32>, %n: index) -> memref<?x?xf32> {
    %v = memref.reinterpret_cast %m to offset: [0], sizes: [%n, %n],
        strides: [%n, 1] : memref<?xf32> to memref<?x?xf32>
    return %v : memref<?x?xf32>
  }

  func.func @report(%name: index, %best: f64) {
    vector.print %name : index
    vector.print %best : f64
    return
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c256 = arith.constant 256 : index
    %big = arith.constant 1.0e+30 : f64
    %n1 = arith.constant 16777216 : index
    %blocks1 = arith.divui %n1, %c256 : index
    %nm = arith.constant 512 : index
    %n2 = arith.constant 2048 : index
    %nn2 = arith.muli %n2, %n2 : index
    %nnm = arith.muli %nm, %nm : index
    %two = arith.constant 2.0 : f32
    %zero = arith.constant 0.0 : f32
    // The inputs are made in host memory, then copied to memory the
    // kernels take (device memory on a GPU).
    %hx = memref.alloc(%n1) : memref<?xf32>
    %hy = memref.alloc(%n1) : memref<?xf32>
    %hdata = memref.alloc(%n1) : memref<?xi32>
    call @fill(%hx, %n1) : (memref<?xf32>, index) -> ()
    call @fill(%hy, %n1) : (memref<?xf32>, index) -> ()
    scf.for %i = %c0 to %n1 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %k = arith.constant 2654435761 : i32
      %h = arith.muli %ii, %k : i32
      memref.store %h, %hdata[%i] : memref<?xi32>
    }
    %x = call @device(%hx) : (memref<?xf32>) -> memref<?xf32>
    %y = call @device(%hy) : (memref<?xf32>) -> memref<?xf32>
    %data = gpu.alloc(%n1) : memref<?xi32>
    gpu.memcpy %data, %hdata : memref<?xi32>, memref<?xi32>
    %hbytes = memref.alloc(%n1) : memref<?xi8>
    scf.for %i = %c0 to %n1 step %c1 {
      %c7 = arith.constant 7 : index
      %c3 = arith.constant 3 : index
      %v = arith.muli %i, %c7 : index
      %v3 = arith.addi %v, %c3 : index
      %b = arith.index_cast %v3 : index to i8
      memref.store %b, %hbytes[%i] : memref<?xi8>
    }
    %bytes = gpu.alloc(%n1) : memref<?xi8>
    gpu.memcpy %bytes, %hbytes : memref<?xi8>, memref<?xi8>
    %n4 = arith.divui %n1, %c4 : index
    %dots = gpu.alloc(%n4) : memref<?xi32>
    %out = gpu.alloc() : memref<1xf32>
    %bins = gpu.alloc() : memref<256xi32>
    %izero = arith.constant 0 : i32
    gpu.memset %bins, %izero : memref<256xi32>, i32
    %ha2 = memref.alloc(%nn2) : memref<?xf32>
    call @fill(%ha2, %nn2) : (memref<?xf32>, index) -> ()
    %a2 = call @device(%ha2) : (memref<?xf32>) -> memref<?xf32>
    %b2 = gpu.alloc(%nn2) : memref<?xf32>
    %in2 = call @square(%a2, %n2) : (memref<?xf32>, index) -> memref<?x?xf32>
    %out2 = call @square(%b2, %n2) : (memref<?xf32>, index) -> memref<?x?xf32>
    %ham = memref.alloc(%nnm) : memref<?xf32>
    call @fill(%ham, %nnm) : (memref<?xf32>, index) -> ()
    %am = call @device(%ham) : (memref<?xf32>) -> memref<?xf32>
    %bm = call @device(%ham) : (memref<?xf32>) -> memref<?xf32>
    %cm = gpu.alloc(%nnm) : memref<?xf32>
    %ma = call @square(%am, %nm) : (memref<?xf32>, index) -> memref<?x?xf32>
    %mb = call @square(%bm, %nm) : (memref<?xf32>, index) -> memref<?x?xf32>
    %mc = call @square(%cm, %nm) : (memref<?xf32>, index) -> memref<?x?xf32>
    %g2x = arith.divui %n2, %c32 : index
    %g2y = arith.divui %n2, %c8 : index
    %gm = arith.divui %nm, %c16 : index

    // 0 saxpy, 1 matmul, 2 reduce, 3 stencil, 4 dot, 5 transpose,
    // 6 histogram, 7 math, 8 rowmax, 9 gemv, 10 i8dot
    %c11 = arith.constant 11 : index
    scf.for %kernel = %c0 to %c11 step %c1 {
      %best = scf.for %r = %c0 to %c5 step %c1 iter_args(%b = %big) -> f64 {
        %t0 = func.call @rtclock() : () -> f64
        scf.index_switch %kernel
        case 0 {
          gpu.launch_func @k::@saxpy blocks in (%blocks1, %c1, %c1)
              threads in (%c256, %c1, %c1)
              args(%n1 : index, %two : f32, %x : memref<?xf32>, %y : memref<?xf32>)
          scf.yield
        }
        case 1 {
          gpu.launch_func @k::@matmul blocks in (%gm, %gm, %c1)
              threads in (%c16, %c16, %c1)
              args(%nm : index, %ma : memref<?x?xf32>, %mb : memref<?x?xf32>,
                   %mc : memref<?x?xf32>)
          scf.yield
        }
        case 2 {
          gpu.memset %out, %zero : memref<1xf32>, f32
          gpu.launch_func @k::@reduce blocks in (%blocks1, %c1, %c1)
              threads in (%c256, %c1, %c1)
              args(%n1 : index, %x : memref<?xf32>, %out : memref<1xf32>)
          scf.yield
        }
        case 3 {
          gpu.launch_func @k::@stencil blocks in (%g2x, %g2y, %c1)
              threads in (%c32, %c8, %c1)
              args(%n2 : index, %in2 : memref<?x?xf32>, %out2 : memref<?x?xf32>)
          scf.yield
        }
        case 4 {
          gpu.memset %out, %zero : memref<1xf32>, f32
          %c1024 = arith.constant 1024 : index
          gpu.launch_func @k::@dot blocks in (%c1024, %c1, %c1)
              threads in (%c256, %c1, %c1)
              args(%n1 : index, %x : memref<?xf32>, %y : memref<?xf32>,
                   %out : memref<1xf32>)
          scf.yield
        }
        case 5 {
          %g = arith.divui %n2, %c32 : index
          gpu.launch_func @k::@transpose blocks in (%g, %g, %c1)
              threads in (%c32, %c32, %c1)
              args(%n2 : index, %in2 : memref<?x?xf32>, %out2 : memref<?x?xf32>)
          scf.yield
        }
        case 6 {
          gpu.launch_func @k::@histogram blocks in (%blocks1, %c1, %c1)
              threads in (%c256, %c1, %c1)
              args(%n1 : index, %data : memref<?xi32>, %bins : memref<256xi32>)
          scf.yield
        }
        case 7 {
          gpu.launch_func @k::@math blocks in (%blocks1, %c1, %c1)
              threads in (%c256, %c1, %c1)
              args(%n1 : index, %x : memref<?xf32>, %y : memref<?xf32>)
          scf.yield
        }
        case 8 {
          gpu.launch_func @k::@rowmax blocks in (%n2, %c1, %c1)
              threads in (%c256, %c1, %c1)
              args(%n2 : index, %in2 : memref<?x?xf32>, %y : memref<?xf32>)
          scf.yield
        }
        case 9 {
          %g = arith.divui %n2, %c256 : index
          gpu.launch_func @k::@gemv blocks in (%g, %c1, %c1)
              threads in (%c256, %c1, %c1)
              args(%n2 : index, %n2 : index, %in2 : memref<?x?xf32>,
                   %x : memref<?xf32>, %y : memref<?xf32>)
          scf.yield
        }
        default {
          %g = arith.divui %n4, %c256 : index
          gpu.launch_func @k::@i8dot blocks in (%g, %c1, %c1)
              threads in (%c256, %c1, %c1)
              args(%n4 : index, %bytes : memref<?xi8>, %bytes : memref<?xi8>,
                   %dots : memref<?xi32>)
          scf.yield
        }
        %t1 = func.call @rtclock() : () -> f64
        %t = arith.subf %t1, %t0 : f64
        %m = arith.minimumf %b, %t : f64
        scf.yield %m : f64
      }
      func.call @report(%kernel, %best) : (index, f64) -> ()
    }
    return
  }
}
